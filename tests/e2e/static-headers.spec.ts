/**
 * Static files (Workers static assets, public/_headers, ADR 040), as the running app serves them:
 * every file says `nosniff` and carries a policy that lets an SVG opened on its own run nothing;
 * the service worker's policy lets it do what it does (post a renewed subscription, show
 * notifications with the site's icon), and the pages keep their own policy with its nonce.
 * No browser needed: these are the responses' headers.
 */
import { expect, test } from "./test";
import { createMember } from "./factories";

const STATIC_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'";
const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'; img-src 'self'";

test("static files carry nosniff and a restrictive policy; the service worker its own; pages theirs", async ({ request }) => {
  const home = await request.get("/");
  expect(home.status()).toBe(200);
  const pagePolicy = home.headers()["content-security-policy"] ?? "";
  expect(pagePolicy).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
  expect(pagePolicy).not.toContain("default-src 'none'");
  expect(home.headers()["x-content-type-options"]).toBe("nosniff");

  // The app's own scripts and styles, as a signed-in member's page links them (a visitor's has no React, ADR 032).
  const member = await createMember();
  const login = await request.post("/api/user.php", {
    headers: { Origin: new URL(home.url()).origin },
    data: { email: member.email, password: member.password },
  });
  expect(login.status()).toBe(200);
  const html = await (await request.get("/settings")).text();
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  const style = /"(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  expect(style).toBeTruthy();

  const files: [string, RegExp][] = [
    ["/favicon.svg", /^image\/svg\+xml/],
    ["/icons.svg", /^image\/svg\+xml/],
    ["/brands/flirtparadijs.svg", /^image\/svg\+xml/],
    ["/payment-methods/ideal.svg", /^image\/svg\+xml/],
    ["/fonts/nunito-latin.woff2", /^font\/woff2/],
    [script!, /^(text|application)\/javascript/],
    [style!, /^text\/css/],
  ];
  for (const [path, type] of files) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const headers = response.headers();
    expect(headers["content-type"], path).toMatch(type);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["content-security-policy"], path).toBe(STATIC_POLICY);
  }
  expect((await request.get(script!)).headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const worker = await request.get("/sw.js");
  expect(worker.status()).toBe(200);
  expect(worker.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
  expect(worker.headers()["x-content-type-options"]).toBe("nosniff");
  // One policy, not the static files' joined to it: the worker may still post to /api/user.php.
  expect(worker.headers()["content-security-policy"]).toBe(SERVICE_WORKER_POLICY);
  const source = await worker.text();
  expect(source).not.toContain("importScripts");
  expect(source).toContain('fetch("/api/user.php?push=1"');
  expect(source).toContain('icon: "/favicon.svg"');

  // The manifest comes from the Worker, with the Worker's headers.
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["x-content-type-options"]).toBe("nosniff");
});
