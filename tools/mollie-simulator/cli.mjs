#!/usr/bin/env node
/**
 * `node tools/mollie-simulator/cli.mjs [--port 8092] [--fault-rate 0.01 [--fault-kinds 503,drop,lost|all]]`:
 * the Mollie simulator on its own; the fault options fail that fraction of the API calls (README).
 */
import { parseArgs } from "node:util";
import { parseFaultKinds, parseFaultRate } from "../fault-switch.mjs";
import { startMollieSimulator } from "./server.mjs";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: process.env.MOLLIE_PORT ?? "8092" },
    "fault-rate": { type: "string", default: "0" },
    "fault-kinds": { type: "string", default: "503" },
  },
});
const faults = { rate: parseFaultRate(values["fault-rate"]), kinds: parseFaultKinds(values["fault-kinds"]) };
const simulator = await startMollieSimulator({ port: Number(values.port), log: (message) => console.log(message), faults });
console.log(`Mollie simulator: ${simulator.url} (API ${simulator.apiUrl}, keys test_simulator and live_simulator)`);
if (faults.rate > 0) console.log(`fault switch on: ${faults.rate * 100} % of API calls fail (${faults.kinds.join(", ")})`);
const stop = async () => {
  await simulator.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
