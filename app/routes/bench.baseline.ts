import type { Route } from "./+types/bench.baseline";
import { getServices } from "~/http/context.server";

/** Sizes the benchmark may ask for: from a small page to a large one. */
const MIN_BYTES = 1_024;
const MAX_BYTES = 2_000_000;
const DEFAULT_BYTES = 64_000;

const pages = new Map<number, string>();

/** A fixed HTML document of exactly `bytes` bytes (ASCII), built once per size and isolate. */
function fixedPage(bytes: number): string {
  const cached = pages.get(bytes);
  if (cached) return cached;
  const head = '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><main>';
  const tail = "</main></body></html>";
  const paragraph = "<p>A fixed paragraph of text that stands in for a rendered page of the same size.</p>";
  let body = "";
  while (head.length + body.length + paragraph.length + tail.length <= bytes) body += paragraph;
  const page = head + body + " ".repeat(Math.max(0, bytes - head.length - body.length - tail.length)) + tail;
  if (pages.size < 16) pages.set(bytes, page);
  return page;
}

/**
 * GET /__bench/baseline?bytes=N — the benchmark's baseline (docs/performance.md): a resource
 * route of the same Worker, through the same middleware (site, session, language), answering a
 * fixed HTML page of the size of the page measured against it, without touching the database or
 * rendering React. Never served in production.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (getServices(context).env.APP_ENV === "production") return new Response("Not found", { status: 404 });
  const requested = Number(new URL(request.url).searchParams.get("bytes"));
  const bytes = Number.isInteger(requested) ? Math.min(MAX_BYTES, Math.max(MIN_BYTES, requested)) : DEFAULT_BYTES;
  return new Response(fixedPage(bytes), {
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
