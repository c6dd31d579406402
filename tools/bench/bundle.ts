/**
 * Benchmark: first-load JavaScript per route (docs/performance.md).
 *
 *   npm run bench -- --only bundle                      # builds into a temporary folder
 *   BUILD_DIR=build npm run bench -- --only bundle      # reuses a build
 *
 * Builds the app as `npm start` does (or reuses BUILD_DIR) and prints tools/bundle-budget.mjs's
 * table: every page's JavaScript before it works (the entry, the route module, its parents and
 * their imports, from the client manifest), gzip-compressed, against its budget. The same script
 * runs in `npm test`, where a page over its budget fails the run; here the exit code is the
 * script's too. Removes its temporary build.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const reused = process.env.BUILD_DIR ? resolve(root, process.env.BUILD_DIR) : null;
const folder = reused ? null : mkdtempSync(join(tmpdir(), "bench-bundle-"));
const buildDir = reused ?? join(folder!, "build");

try {
  if (reused) console.log(`using the build in ${process.env.BUILD_DIR}`);
  else {
    const build = spawnSync(resolve(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      encoding: "utf8",
    });
    if (build.status !== 0) throw new Error(`react-router build failed:\n${build.stdout}${build.stderr}`);
  }
  const budget = spawnSync(process.execPath, [resolve(root, "tools/bundle-budget.mjs")], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir },
    stdio: "inherit",
  });
  process.exitCode = budget.status ?? 1;
} finally {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
