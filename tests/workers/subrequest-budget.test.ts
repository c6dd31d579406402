/**
 * Cloudflare's limit of 50 subrequests per request (the free plan; ADR 049) as a budget: every
 * route of app/routes.ts, opened by a visitor and by a member and posted to by a member, makes at
 * most 50 — each database exchange, each other fetch, each call to R2, an inbox or the cache,
 * including the work it leaves for after its response. A new route is counted as soon as it is in
 * app/routes.ts. The figures come from the Worker's own meter (`X-Test-Meter`, APP_ENV "test").
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import routesSource from "../../app/routes.ts?raw";
import { createMember, loginCookie } from "./factories";

const SUBREQUEST_BUDGET = 50;

/** Every path of app/routes.ts, with sample values for its parameters. */
const routePaths = [
  ...new Set(
    [...routesSource.matchAll(/route\("([^"]*)"/g)].map((match) =>
      `/${match[1]}`
        .replace(/\/:[a-z]+\?/g, "")
        .replace(/:step/g, "login-options")
        .replace(/:type/g, "visitors")
        .replace(/:page/g, "privacy")
        .replace(/:[a-z]+/g, "1")
        .replace(/\*/g, "x"),
    ),
  ),
  "/",
  "/landers/video/nl-plain",
  "/credits/p2/ideal",
]
  // Logging out ends the member's session: last, so every other request is a member's.
  .sort((a, b) => Number(a === "/api/logout.php") - Number(b === "/api/logout.php"));

async function subrequests(path: string, init: { method: "GET" | "POST"; cookie?: string }) {
  const headers = new Headers({ "X-Test-Meter": "1", Accept: "text/html", Origin: "http://localhost", "CF-IPCountry": "NL" });
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method === "POST") headers.set("Content-Type", "application/x-www-form-urlencoded");
  const response = await exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method: init.method,
      headers,
      body: init.method === "POST" ? "" : undefined,
      redirect: "manual",
    }),
  );
  await response.body?.cancel();
  return { status: response.status, total: Number(response.headers.get("X-Test-Subrequests") ?? Number.NaN) };
}

describe("subrequests per request", () => {
  it(`stay within ${SUBREQUEST_BUDGET} on every route, for a visitor and a member`, async () => {
    const member = await createMember({ credits: 100 });
    const cookie = await loginCookie(member);
    const figures: { request: string; total: number }[] = [];
    for (const path of routePaths) {
      for (const [who, method, memberCookie] of [
        ["visitor", "GET", undefined],
        ["member", "GET", cookie],
        ["member", "POST", cookie],
      ] as const) {
        const { total } = await subrequests(path, { method, cookie: memberCookie });
        figures.push({ request: `${method} ${path} (${who})`, total });
      }
    }
    figures.sort((a, b) => b.total - a.total);
    console.log(
      `subrequests per request, the most first (budget ${SUBREQUEST_BUDGET}):\n${figures
        .slice(0, 12)
        .map((figure) => `  ${String(figure.total).padStart(3)}  ${figure.request}`)
        .join("\n")}`,
    );
    expect(figures.filter((figure) => Number.isNaN(figure.total))).toEqual([]);
    expect(figures.filter((figure) => figure.total > SUBREQUEST_BUDGET)).toEqual([]);
  }, 600_000);
});
