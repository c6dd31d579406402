#!/usr/bin/env node
// Local Hrana-over-HTTP database server for development and CI.
//
//   npm run db:server -- --file .data/dev.db --port 8787 [--host 0.0.0.0] [--auth-token T]
//                        [--fault-rate 0.01 [--fault-kinds 503,drop,lost]]
//
// Defaults: --file .data/local.db, --port $LIBSQL_PORT or 8080,
// --host 127.0.0.1, --auth-token $LIBSQL_AUTH_TOKEN (none: any request is accepted),
// --fault-rate 0 (no faults; see README "Faults"), --fault-kinds 503.
// Prints one line with the URL to stdout; diagnostics go to stderr.

import { parseArgs } from "node:util";
import { parseFaultKinds, parseFaultRate } from "../fault-switch.mjs";
import { startLibsqlServer } from "./server.mjs";

const USAGE = `Usage: cli.mjs [--file PATH|:memory:] [--port N] [--host HOST] [--auth-token TOKEN] [--fault-rate R] [--fault-kinds 503,drop,lost|all]`;

/** @returns {{ file: string, port: number, host: string, authToken: string | undefined, faults: import("../fault-switch.mjs").FaultSettings }} */
function readOptions() {
  const { values } = parseArgs({
    options: {
      file: { type: "string", default: ".data/local.db" },
      port: { type: "string", default: process.env.LIBSQL_PORT || "8080" },
      host: { type: "string", default: "127.0.0.1" },
      "auth-token": { type: "string", default: process.env.LIBSQL_AUTH_TOKEN || undefined },
      "fault-rate": { type: "string", default: "0" },
      "fault-kinds": { type: "string", default: "503" },
      help: { type: "boolean", short: "h", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Invalid --port ${JSON.stringify(values.port)}`);
  }
  return {
    file: values.file,
    port,
    host: values.host,
    authToken: values["auth-token"] || undefined,
    faults: { rate: parseFaultRate(values["fault-rate"]), kinds: parseFaultKinds(values["fault-kinds"]) },
  };
}

async function main() {
  let options;
  try {
    options = readOptions();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
    process.exit(2);
  }
  const server = await startLibsqlServer({
    ...options,
    log: (message) => console.error(message),
  });
  console.log(`libsql server (Hrana over HTTP) listening on ${server.url} (database: ${options.file})`);
  const faults = server.faults.state();
  if (faults.rate > 0) console.error(`fault switch on: ${faults.rate * 100} % of Hrana requests fail (${faults.kinds.join(", ")})`);

  let stopping = false;
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    console.error(`Received ${signal}, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
