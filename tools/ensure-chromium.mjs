#!/usr/bin/env node
/**
 * Browser tests use Debian's Chromium. When it is missing, install it as root with apt; otherwise
 * say in one line what to install.
 */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function ensureChromium() {
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium with apt-get …");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (existsSync(path)) return path;
  }
  console.error(`Chromium not found at ${path}: install it with "sudo apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
