#!/usr/bin/env node
/** `node tools/mollie-simulator/cli.mjs [--port 8092]`: the Mollie simulator on its own. */
import { startMollieSimulator } from "./server.mjs";

const index = process.argv.indexOf("--port");
const port = Number(index > 0 ? process.argv[index + 1] : (process.env.MOLLIE_PORT ?? 8092));
const simulator = await startMollieSimulator({ port, log: (message) => console.log(message) });
console.log(`Mollie simulator: ${simulator.url} (API ${simulator.apiUrl}, key test_simulator)`);
const stop = async () => {
  await simulator.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
