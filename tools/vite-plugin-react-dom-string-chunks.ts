/**
 * React's HTML renderer for workerd (react-dom/server's "edge" build) turns every piece of markup
 * it writes into bytes as it goes: each attribute name, attribute value and text is a separate
 * `TextEncoder.encode()` call, a new Uint8Array copied into a 4 KB buffer. In workerd an encode
 * is a call from JavaScript into the runtime, and a search page makes a few thousand of them. This
 * build step gives the edge build the string chunks of React's own Bun and legacy builds: markup
 * is collected as one JavaScript string while React writes, and encoded once each time React
 * flushes to the stream. The HTML is byte for byte the same (vite-plugin-react-dom-string-chunks.test.ts);
 * a search page costs about 1.5 ms less CPU (ADR 035).
 *
 * Only the production build is changed: the development build keeps React's own code, so `npm run
 * dev` shows React's development warnings unchanged. The step fails the build when React's source
 * no longer has the functions it replaces, rather than quietly doing nothing.
 */
import { sourcePatch } from "./vite-source-patch";

const FILE = /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/;

/** React's stream configuration, from its first function to the first one kept. */
const FROM = "function writeChunk(destination, chunk) {";
const TO = "function closeWithError(";
/** What must be in that range (and nothing else is): the functions replaced below. */
const REPLACED = [
  "function writeChunk(",
  "function writeChunkAndReturn(",
  "function completeWriting(",
  "var textEncoder = new TextEncoder();",
  "function stringToChunk(",
  "function stringToPrecomputedChunk(",
  "function byteLengthOfChunk(",
];
/** flushCompletedQueues starts each flush with a fresh byte buffer; with strings, an empty string. */
const FLUSH_START = "  currentView = new Uint8Array(4096);\n  writtenBytes = 0;\n  try {";

const STRING_CHUNKS = `var pendingText = "";
function writeChunk(destination, chunk) {
  pendingText += chunk;
}
function writeChunkAndReturn(destination, chunk) {
  pendingText += chunk;
  return !0;
}
function completeWriting(destination) {
  0 < pendingText.length && (destination.enqueue(textEncoder.encode(pendingText)), (pendingText = ""));
}
var textEncoder = new TextEncoder();
function stringToChunk(content) {
  return content;
}
function stringToPrecomputedChunk(content) {
  return content;
}
function byteLengthOfChunk(chunk) {
  return chunk.length;
}
`;

/** The edge build's source with string chunks; throws when React's source changed shape. */
export function withStringChunks(code: string): string {
  const from = code.indexOf(FROM);
  const to = code.indexOf(TO, from);
  if (from === -1 || to === -1) throw new Error(`react-dom-string-chunks: "${FROM}" … "${TO}" not found`);
  const config = code.slice(from, to);
  const missing = REPLACED.filter((part) => !config.includes(part));
  if (missing.length > 0) throw new Error(`react-dom-string-chunks: React's stream configuration no longer has ${missing.join(", ")}`);
  const functions = config.match(/^function \w+\(/gm) ?? [];
  const unexpected = functions.filter((start) => !REPLACED.some((part) => part.startsWith(start)));
  if (unexpected.length > 0)
    throw new Error(`react-dom-string-chunks: React's stream configuration has new functions: ${unexpected.join(", ")}`);
  if (code.split(FLUSH_START).length !== 2) throw new Error("react-dom-string-chunks: flushCompletedQueues changed shape");
  return code.slice(0, from) + STRING_CHUNKS + code.slice(to).replace(FLUSH_START, '  pendingText = "";\n  try {');
}

export const reactDomStringChunks = () => sourcePatch("react-dom-string-chunks", FILE, withStringChunks);
