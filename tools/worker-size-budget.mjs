#!/usr/bin/env node
/**
 * The Worker's upload size against Cloudflare's limit (ADR 049): at most 3 MB gzip, the free plan's
 * (the paid plan allows 10 MB). Asks wrangler what it would upload — `wrangler deploy --dry-run
 * --outdir`, which bundles the built Worker without contacting Cloudflare — prints the figure and
 * exits 1 over the limit. Part of `npm test`, after the build (BUILD_DIR's build is the one deployed:
 * the Cloudflare Vite plugin points wrangler at it).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LIMIT_KIB = 3 * 1024;

const outdir = mkdtempSync(join(tmpdir(), "worker-size-"));
try {
  const result = spawnSync(resolve(root, "node_modules/.bin/wrangler"), ["deploy", "--dry-run", "--outdir", outdir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" },
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const figures = /Total Upload:\s*([\d.]+)\s*KiB\s*\/\s*gzip:\s*([\d.]+)\s*KiB/.exec(output);
  if (result.status !== 0 || !figures) {
    console.error(output);
    console.error("✖ wrangler deploy --dry-run did not report the upload size (run `npx react-router build` first)");
    process.exit(1);
  }
  const [, total, gzip] = figures;
  const gzipKib = Number(gzip);
  console.log(
    `Worker upload (wrangler deploy --dry-run): ${total} KiB, gzip ${gzip} KiB of ${LIMIT_KIB} KiB (3 MB, the free plan's limit)`,
  );
  if (gzipKib > LIMIT_KIB) {
    console.error(`✖ the Worker is ${(gzipKib - LIMIT_KIB).toFixed(1)} KiB gzip over Cloudflare's 3 MB limit`);
    process.exit(1);
  }
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
