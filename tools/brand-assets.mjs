/**
 * Writes the static brand assets the app serves from public/ (ADR 025), from two devDependencies:
 * - public/icons.svg: one SVG sprite of the interface icons (lucide-static, ISC), used as
 *   `<svg class="icon" aria-hidden="true"><use href="/icons.svg#name"/></svg>`: no JavaScript per icon.
 * - public/fonts/: Nunito (variable weight, @fontsource-variable/nunito, OFL-1.1), the latin and
 *   latin-ext subsets in woff2 (Polish and the Nordic languages need latin-ext), with its licence.
 * Run `node tools/brand-assets.mjs` after adding an icon to ICONS; commit what it writes.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");

/** Sprite id → lucide icon name. */
export const ICONS = {
  heart: "heart",
  close: "x",
  lock: "lock",
  mail: "mail",
  gift: "gift",
  block: "ban",
  "map-pin": "map-pin",
  chat: "message-circle",
  up: "chevron-up",
  down: "chevron-down",
  back: "chevron-left",
  grip: "grip-vertical",
  party: "party-popper",
  mask: "drama",
  // The landers (ADR 030)
  shield: "shield-check",
  play: "play",
  users: "users",
  moon: "moon",
  camera: "camera",
  sparkles: "sparkles",
  "eye-off": "eye-off",
  // The chat's composer (ADR 029)
  image: "image-plus",
  sticker: "sticker",
  search: "search",
};

const lucide = path.dirname(require.resolve("lucide-static/package.json"));
const symbols = Object.entries(ICONS).map(([id, name]) => {
  const svg = readFileSync(path.join(lucide, "icons", `${name}.svg`), "utf8");
  const body = /<svg[^>]*>([\s\S]*)<\/svg>/.exec(svg)?.[1];
  if (!body) throw new Error(`lucide-static has no usable ${name}.svg`);
  const shapes = body
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("");
  return `<symbol id="${id}" viewBox="0 0 24 24">${shapes}</symbol>`;
});
writeFileSync(
  path.join(root, "public/icons.svg"),
  `<svg xmlns="http://www.w3.org/2000/svg"><!-- Lucide icons (ISC licence, lucide.dev), written by tools/brand-assets.mjs -->\n${symbols.join("\n")}\n</svg>\n`,
);

const fontsource = path.dirname(require.resolve("@fontsource-variable/nunito/package.json"));
mkdirSync(path.join(root, "public/fonts"), { recursive: true });
for (const subset of ["latin", "latin-ext"]) {
  copyFileSync(
    path.join(fontsource, "files", `nunito-${subset}-wght-normal.woff2`),
    path.join(root, `public/fonts/nunito-${subset}.woff2`),
  );
}
copyFileSync(path.join(fontsource, "LICENSE"), path.join(root, "public/fonts/nunito-LICENSE.txt"));
console.log(`public/icons.svg: ${symbols.length} icons; public/fonts: Nunito latin, latin-ext`);
