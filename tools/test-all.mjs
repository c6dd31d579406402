#!/usr/bin/env node
/**
 * `npm test`: every test — lint and format (Biome), typecheck, unit (Node), build, first-load
 * JavaScript budget, the Worker's upload size (Cloudflare's 3 MB gzip), workerd integration
 * (the subrequest budget among them), Playwright browser tests.
 */
import { spawnSync } from "node:child_process";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureChromium } from "./ensure-chromium.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => resolve(root, "node_modules/.bin", name);

const steps = [
  ["lint and format (Biome)", bin("biome"), ["ci"]],
  ["typecheck", "npm", ["run", "-s", "typecheck"]],
  ["unit tests", bin("vitest"), ["run", "--project", "unit"]],
  ["build", bin("react-router"), ["build"]],
  ["first-load JavaScript budget", "node", ["tools/bundle-budget.mjs"]],
  ["Worker upload size (3 MB gzip)", "node", ["tools/worker-size-budget.mjs"]],
  ["workerd integration tests", bin("vitest"), ["run", "--project", "workers"]],
  ["browser tests", bin("playwright"), ["test"]],
];

ensureChromium();
for (const [name, command, args] of steps) {
  console.log(`\n▶ ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, SKIP_BUILD: "1" } });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ all tests passed");
