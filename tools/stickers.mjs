/**
 * Draws the chat's GIF stickers (product.md §10 "GIFs in chat"): small animated SVGs (SMIL, which
 * browsers play inside <img>), our own work, written to public/stickers/<id>.svg. The catalogue
 * with its search tags is app/chat/gifs/stickers.ts; every id there has a drawing here.
 * Run `node tools/stickers.mjs` after changing a drawing; commit what it writes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, "public/stickers");

const YELLOW = "#ffcc4d";
const EDGE = "#e8a200";
const INK = "#5b3a1a";
const RED = "#e0245e";
const PINK = "#ff8fab";

const svg = (body) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">${body}</svg>\n`;

/** A repeating animation of one attribute or transform. */
const spin = (type, values, dur, extra = "") =>
  `<animateTransform attributeName="transform" type="${type}" values="${values}" dur="${dur}" repeatCount="indefinite"${extra}/>`;
const anim = (attr, values, dur, extra = "") =>
  `<animate attributeName="${attr}" values="${values}" dur="${dur}" repeatCount="indefinite"${extra}/>`;

const face = (inner, motion = "") =>
  `<g>${motion}<circle cx="80" cy="82" r="60" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/>${inner}</g>`;
const eye = (cx, cy = 70) => `<ellipse cx="${cx}" cy="${cy}" rx="7" ry="10" fill="${INK}"/>`;
const heartPath = (x, y, s) =>
  `<path transform="translate(${x} ${y}) scale(${s})" d="M0 -6C-4 -16 -20 -14 -20 -2C-20 8 -8 16 0 24C8 16 20 8 20 -2C20 -14 4 -16 0 -6Z" fill="${RED}"/>`;
const smile = `<path d="M52 96 Q80 124 108 96" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`;
const bounce = spin("translate", "0 0;0 -8;0 0", "1s");

const drawings = {
  heart: svg(`<g transform="translate(80 78)"><g>${spin("scale", "1;1.18;1;1.1;1", "1.2s")}${heartPath(0, 0, 2.6)}</g></g>`),
  "in-love": svg(
    face(
      `<g transform="translate(56 68)"><g>${spin("scale", "1;1.25;1", "0.8s")}${heartPath(0, 0, 0.75)}</g></g><g transform="translate(104 68)"><g>${spin("scale", "1;1.25;1", "0.8s")}${heartPath(0, 0, 0.75)}</g></g>${smile}`,
      bounce,
    ),
  ),
  kiss: svg(
    `${face(`${eye(58)}<path d="M92 64 q10 -8 20 0" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><path d="M72 98 q10 -8 4 4 q6 12 -4 4" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`)}<g opacity="0">${anim("opacity", "0;1;0", "1.6s")}${spin("translate", "0 0;24 -40", "1.6s")}${heartPath(96, 96, 0.6)}</g>`,
  ),
  wink: svg(
    face(
      `${eye(58)}<path d="M92 70 q10 -10 20 0" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round">${anim("d", "M92 70 q10 -10 20 0;M92 70 q10 0 20 0;M92 70 q10 -10 20 0", "1.4s")}</path>${smile}`,
      spin("rotate", "0 80 82;-6 80 82;0 80 82", "1.4s"),
    ),
  ),
  laugh: svg(
    face(
      `<path d="M46 68 l14 6 l-14 6" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><path d="M114 68 l-14 6 l14 6" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/><path d="M46 94 Q80 140 114 94 Z" fill="${INK}"/><path d="M60 116 Q80 128 100 116 Q80 108 60 116Z" fill="${PINK}"/>`,
      spin("rotate", "-5 80 82;5 80 82;-5 80 82", "0.5s"),
    ),
  ),
  blush: svg(
    face(
      `${eye(58, 72)}${eye(102, 72)}<ellipse cx="46" cy="94" rx="12" ry="7" fill="${PINK}">${anim("opacity", "0.3;1;0.3", "2s")}</ellipse><ellipse cx="114" cy="94" rx="12" ry="7" fill="${PINK}">${anim("opacity", "0.3;1;0.3", "2s")}</ellipse><path d="M66 104 Q80 114 94 104" fill="none" stroke="${INK}" stroke-width="5" stroke-linecap="round"/>`,
    ),
  ),
  wave: svg(
    `<g transform="translate(80 130)"><g>${spin("rotate", "-20;20;-20", "1s")}<g transform="translate(-80 -130)"><rect x="56" y="52" width="48" height="62" rx="22" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/><rect x="54" y="18" width="12" height="48" rx="6" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/><rect x="68" y="10" width="12" height="52" rx="6" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/><rect x="82" y="12" width="12" height="50" rx="6" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/><rect x="96" y="22" width="12" height="44" rx="6" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/><rect x="30" y="64" width="40" height="14" rx="7" transform="rotate(40 50 71)" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/><rect x="64" y="112" width="32" height="22" fill="${YELLOW}" stroke="${EDGE}" stroke-width="4"/></g></g></g>`,
  ),
  rose: svg(
    `<g transform="translate(80 150)"><g>${spin("rotate", "-6;6;-6", "2s")}<g transform="translate(-80 -150)"><path d="M80 150 V70" stroke="#2e8b57" stroke-width="6"/><path d="M80 112 q-24 -4 -30 -22 q22 0 30 22Z" fill="#3cb371"/><path d="M80 100 q22 -6 28 -22 q-22 2 -28 22Z" fill="#3cb371"/><circle cx="80" cy="52" r="30" fill="${RED}"/><path d="M62 48 q18 -24 36 0 q-18 20 -36 0Z" fill="#b0173f"/><path d="M72 50 q8 -10 16 0" fill="none" stroke="#ff6f91" stroke-width="4"/></g></g></g>`,
  ),
  fire: svg(
    `<g transform="translate(80 150)"><g>${spin("scale", "1 1;0.94 1.08;1.04 0.95;1 1", "0.6s")}<g transform="translate(-80 -150)"><path d="M80 148 C34 148 30 104 50 78 C54 96 62 100 66 96 C58 70 70 36 92 18 C90 44 130 66 122 108 C118 136 100 148 80 148Z" fill="#ff6a00"/><path d="M80 146 C58 146 54 124 66 108 C70 118 76 118 78 114 C76 98 84 84 94 76 C94 96 110 108 104 128 C100 140 92 146 80 146Z" fill="#ffd23f"/></g></g></g>`,
  ),
  coffee: svg(
    `<path d="M36 80 H112 V118 Q112 142 88 142 H60 Q36 142 36 118Z" fill="#fff" stroke="${INK}" stroke-width="5"/><path d="M112 90 q24 0 20 20 q-4 14 -20 12" fill="none" stroke="${INK}" stroke-width="5"/><ellipse cx="74" cy="82" rx="34" ry="6" fill="#8b5a2b"/>${[
      54, 74, 94,
    ]
      .map(
        (x, i) =>
          `<path d="M${x} 66 q-8 -12 0 -24 q8 -12 0 -24" fill="none" stroke="#b9a38c" stroke-width="5" stroke-linecap="round" opacity="0">${anim("opacity", "0;0.9;0", "2s", ` begin="${i * 0.5}s"`)}${spin("translate", "0 8;0 -8", "2s", ` begin="${i * 0.5}s"`)}</path>`,
      )
      .join("")}`,
  ),
  cheers: svg(
    [-1, 1]
      .map(
        (side) =>
          `<g transform="translate(${80 + side * 26} 140)"><g>${spin("rotate", `0;${-side * 14};0`, "1.2s")}<g transform="translate(-20 -120)"><path d="M2 0 H38 Q40 40 20 50 Q0 40 2 0Z" fill="#fff" stroke="${INK}" stroke-width="4"/><path d="M4 18 H36 Q34 42 20 48 Q6 42 4 18Z" fill="#a4133c"/><path d="M20 50 V104 M6 106 H34" stroke="${INK}" stroke-width="4" stroke-linecap="round"/></g></g></g>`,
      )
      .join("") +
      `<g opacity="0">${anim("opacity", "0;0;1;0", "1.2s")}<path d="M80 16 v12 M64 22 l6 8 M96 22 l-6 8" stroke="#f4a261" stroke-width="5" stroke-linecap="round"/></g>`,
  ),
  star: svg(
    `<g transform="translate(80 80)"><g>${spin("rotate", "0;360", "4s")}<g>${spin("scale", "1;1.15;1", "1s", ' additive="sum"')}<path d="M0 -60 L16 -18 L60 -18 L24 8 L38 52 L0 26 L-38 52 L-24 8 L-60 -18 L-16 -18Z" fill="#ffd23f" stroke="${EDGE}" stroke-width="4" stroke-linejoin="round"/></g></g></g>`,
  ),
  sun: svg(
    `<g transform="translate(80 80)"><g>${spin("rotate", "0;360", "8s")}${Array.from({ length: 12 }, (_, i) => `<rect x="-4" y="-74" width="8" height="20" rx="4" fill="#ffa630" transform="rotate(${i * 30})"/>`).join("")}</g></g>${face(
      `${eye(60, 74)}${eye(100, 74)}${smile}`,
    )
      .replace('r="60"', 'r="46"')
      .replace('cy="82"', 'cy="80"')}`,
  ),
  moon: svg(
    `<g>${spin("rotate", "-8 80 80;8 80 80;-8 80 80", "3s")}<path d="M96 20 A60 60 0 1 0 140 110 A48 48 0 1 1 96 20Z" fill="#ffe08a" stroke="${EDGE}" stroke-width="4"/><path d="M58 92 q8 6 16 0" fill="none" stroke="${INK}" stroke-width="4" stroke-linecap="round"/></g>${[
      0, 1, 2,
    ]
      .map(
        (i) =>
          `<text x="${112 + i * 12}" y="${60 - i * 16}" font-family="sans-serif" font-weight="700" font-size="${18 + i * 4}" fill="#6c63ff" opacity="0">z${anim("opacity", "0;1;0", "2.4s", ` begin="${i * 0.8}s"`)}</text>`,
      )
      .join("")}`,
  ),
  party: svg(
    `<path d="M30 140 L62 46 L116 104Z" fill="#6c63ff" stroke="#3f37c9" stroke-width="4" stroke-linejoin="round"/><path d="M44 100 L84 72 M38 120 L100 88" stroke="#ffd23f" stroke-width="6"/>${[
      [96, 30, RED],
      [122, 44, "#ffd23f"],
      [130, 74, "#2ec4b6"],
      [108, 20, "#6c63ff"],
      [140, 30, PINK],
    ]
      .map(
        ([x, y, colour], i) =>
          `<rect x="${x}" y="${y}" width="10" height="10" fill="${colour}">${spin("translate", "0 0;6 60", "1.5s", ` begin="${i * 0.3}s"`)}${anim("opacity", "1;0", "1.5s", ` begin="${i * 0.3}s"`)}</rect>`,
      )
      .join("")}`,
  ),
  sad: svg(
    face(
      `${eye(58, 74)}${eye(102, 74)}<path d="M56 112 Q80 92 104 112" fill="none" stroke="${INK}" stroke-width="6" stroke-linecap="round"/><path d="M102 86 q-6 10 0 14 q6 -4 0 -14Z" fill="#4cc9f0">${spin("translate", "0 0;0 30", "1.6s")}${anim("opacity", "1;0", "1.6s")}</path>`,
    ),
  ),
};

mkdirSync(out, { recursive: true });
for (const [id, drawing] of Object.entries(drawings)) writeFileSync(path.join(out, `${id}.svg`), drawing);
console.log(`public/stickers: ${Object.keys(drawings).length} stickers`);
