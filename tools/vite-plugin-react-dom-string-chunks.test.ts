import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { withStringChunks } from "./vite-plugin-react-dom-string-chunks";

const require = createRequire(import.meta.url);
const edgeBuild = join(dirname(require.resolve("react-dom")), "cjs/react-dom-server.edge.production.js");
const fromEdgeBuild = createRequire(edgeBuild);

type Renderer = {
  renderToReadableStream(children: unknown, options?: object): Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;
};

/** React's production builds, which the edge build's production build pairs with. */
function requireProduction(name: string) {
  if (name === "react") return fromEdgeBuild(join(dirname(fromEdgeBuild.resolve("react")), "cjs/react.production.js"));
  if (name === "react-dom") return fromEdgeBuild("./react-dom.production.js");
  return fromEdgeBuild(name);
}
/** The part of React this test uses (typed here: React's types would bring the DOM's globals into the tools' project). */
type Element = unknown;
type ReactApi = {
  createElement(type: unknown, props?: Record<string, unknown> | null, ...children: unknown[]): Element;
  Fragment: unknown;
  Suspense: unknown;
  use<T>(promise: Promise<T>): T;
  useId(): string;
};
const { createElement: h, Fragment, Suspense, use, useId } = requireProduction("react") as ReactApi;

/** React's edge build (as workerd loads it) from this source. */
function load(code: string): Renderer {
  const module = { exports: {} as Renderer };
  new Function("require", "module", "exports", code)(requireProduction, module, module.exports);
  return module.exports;
}

const original = readFileSync(edgeBuild, "utf8");
const react = load(original);
const patched = load(withStringChunks(original));

/** Every chunk the stream gave, and the whole document's bytes. */
async function render(renderer: Renderer, tree: unknown) {
  const stream = await renderer.renderToReadableStream(tree, { nonce: "n0nce", bootstrapScriptContent: "start()" });
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return { chunks: chunks.length, bytes: Buffer.concat(chunks) };
}

function Later({ promise }: { promise: Promise<string> }) {
  return h("p", { className: "later" }, use(promise));
}

function Labelled() {
  const id = useId();
  return h(Fragment, null, h("label", { htmlFor: id }, "Naam"), h("input", { id, defaultValue: "Zoë" }));
}

/** A page with what React writes: attributes, styles, escaped and non-ASCII text, a long text, ids, a streamed boundary. */
function page(promise: Promise<string>) {
  return h(
    "html",
    { lang: "nl" },
    h(
      "head",
      null,
      h("meta", { charSet: "utf-8" }),
      h("title", null, "Zoeken · Flirtparadijs"),
      h("link", { rel: "stylesheet", href: "/app.css", precedence: "default" }),
    ),
    h(
      "body",
      null,
      h("main", { id: "main", style: { marginTop: 4, color: "red" } }, [
        h("h1", { key: "h" }, 'Leden <zoeken> & "vinden" 💘 — ÆØÅ ąę'),
        h(Labelled, { key: "l" }),
        h("p", { key: "long", title: "x".repeat(5000) }, "é".repeat(3000)),
        h(
          "ul",
          { key: "u" },
          Array.from({ length: 40 }, (_, i) =>
            h("li", { key: i, "data-index": i, hidden: i % 7 === 0 }, h("a", { href: `/members/${i}` }, `Lid ${i}`)),
          ),
        ),
        h(Suspense, { key: "s", fallback: h("p", null, "Laden…") }, h(Later, { promise })),
      ]),
    ),
  );
}

describe("React's edge build with string chunks", () => {
  it("writes the same bytes as React's own build, also when a boundary streams in later", async () => {
    const later = () => new Promise<string>((resolve) => setTimeout(() => resolve("Later geladen ✓"), 20));
    const [expected, actual] = await Promise.all([render(react, page(later())), render(patched, page(later()))]);
    expect(actual.bytes.equals(expected.bytes)).toBe(true);
    expect(actual.bytes.toString("utf8")).toContain("Later geladen ✓");
    // The shell and the streamed boundary still arrive as separate chunks.
    expect(actual.chunks).toBeGreaterThan(1);
  });

  it("refuses a React whose stream configuration changed, instead of building it unchanged", () => {
    expect(() => withStringChunks(original.replace("function completeWriting(", "function completeWritingRenamed("))).toThrow(
      /no longer has function completeWriting\(/,
    );
    expect(() => withStringChunks("module.exports = {};")).toThrow(/not found/);
  });
});
