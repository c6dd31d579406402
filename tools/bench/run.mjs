#!/usr/bin/env node
/** `npm run bench [-- --profiles N --runs N]`: runs every benchmark in tools/bench and prints its figures. */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const benchmarks = ["tools/bench/search.ts"];
for (const file of benchmarks) {
  console.log(`\n▶ ${file}`);
  const result = spawnSync(resolve(root, "node_modules/.bin/tsx"), [file, ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
