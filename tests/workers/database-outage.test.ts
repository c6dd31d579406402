/**
 * The database unreachable, failing or silent (issue 29): every page answers a translated
 * "temporarily unavailable" page with 503 and Retry-After, every JSON call the API's error shape
 * with 503, within the database time limit; a write whose answer was lost happened completely or
 * not at all; and once the database is back the next request works. The Worker here talks to the
 * tests' database through a proxy that fails on demand (database-proxy.ts), or to a closed port.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import type { ProxyMode } from "./database-proxy";
import { createMember, loginCookie } from "./factories";
import { sql } from "./helpers";

const worker = builtWorker as ExportedHandler<Env>;
const faultyUrl = (env as unknown as { FAULTY_DATABASE_URL: string }).FAULTY_DATABASE_URL;
const CLOSED_PORT = "http://127.0.0.1:9";

async function databaseIs(mode: ProxyMode) {
  const response = await fetch(`${faultyUrl}/_mode`, { method: "POST", body: mode });
  expect(response.status).toBe(204);
}

afterEach(() => databaseIs("pass"));

/** A request to the Worker whose database is `databaseUrl`, with a 400 ms time limit per exchange. */
async function through(databaseUrl: string, path: string, init: RequestInit = {}) {
  const ctx = createExecutionContext();
  const workerEnv = { ...env, DATABASE_URL: databaseUrl, DATABASE_TIMEOUT_MS: "400" } as Env;
  const request = new Request(`http://localhost${path}`, { redirect: "manual", ...init }) as Parameters<
    NonNullable<typeof worker.fetch>
  >[0];
  const response = await worker.fetch!(request, workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

const page = (cookie = "") => ({ headers: { Accept: "text/html", Cookie: cookie, "CF-IPCountry": "NL" } });

describe("a database that cannot be reached", () => {
  it("answers pages with a translated 503 page and JSON calls with the API's error shape", async () => {
    await databaseIs("refuse");
    const home = await through(faultyUrl, "/", page("locale=de"));
    expect(home.status).toBe(503);
    expect(home.headers.get("Retry-After")).toBe("60");
    const html = await home.text();
    expect(html).toContain('<html lang="de">');
    expect(html).toContain("Vorübergehend nicht erreichbar");
    expect(html).toContain("Versuche es in einer Minute erneut.");

    const api = await through(faultyUrl, "/api/user.php", { headers: { Accept: "application/json" } });
    expect(api.status).toBe(503);
    expect(await api.json()).toEqual({
      error: "temporarily_unavailable",
      message: "We kunnen onze database op dit moment niet bereiken. Probeer het over een minuut opnieuw.",
    });

    // A client-side navigation: the running page shows its own error page for a bare 503.
    const data = await through(faultyUrl, "/members.data", page());
    expect(data.status).toBe(503);
  });

  it("answers the same for a closed port, for a member's page and for a form post", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    expect((await through(CLOSED_PORT, "/members", page(cookie))).status).toBe(503);
    const post = await through(CLOSED_PORT, "/settings", {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "invisible", invisible: "on" }),
    });
    expect(post.status).toBe(503);
  });

  it("gives up on a database that never answers within the time limit, then works again once it is back", async () => {
    await databaseIs("hang");
    expect((await through(faultyUrl, "/", page())).status).toBe(503);
    await databaseIs("pass");
    const back = await through(faultyUrl, "/", page());
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("<main");
  });
});

describe("a write whose answer is lost on the way back", () => {
  it("happened completely or not at all, and sending the form again does not do it twice", async () => {
    const sender = await createMember({ credits: 30 });
    const recipient = await createMember({ gender: "female" });
    const cookie = await loginCookie(sender);
    const clientKey = `outage-${crypto.randomUUID()}`;
    const send = () =>
      through(faultyUrl, `/members/${recipient.profileId}/chat`, {
        method: "POST",
        headers: { Origin: "http://localhost", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
        body: new URLSearchParams({ intent: "text", clientKey, body: "Hoi, zin in een praatje?" }),
      });

    // The ledger's batch (the credits and the message together) runs; its answer never arrives.
    await databaseIs("swallow:credit_ledger");
    expect((await send()).status).toBe(503);
    await databaseIs("pass");
    const books = async () => {
      const [[messages]] = (await sql("SELECT count(*) FROM messages WHERE client_key = ?", [clientKey])) as [[string]];
      const [[credits, ledger]] = (await sql(
        "SELECT credits, (SELECT coalesce(sum(delta), 0) FROM credit_ledger WHERE user_id = users.id AND reason = 'message') FROM users WHERE id = ?",
        [sender.userId],
      )) as [[string, string]];
      return { messages: Number(messages), credits: Number(credits), spent: 0 - Number(ledger) };
    };
    const after = await books();
    // Paid and stored together, or neither.
    expect(after.credits).toBe(30 - after.spent);
    expect(after.spent).toBe(15 * after.messages);

    expect((await send()).status).toBe(302);
    expect(await books()).toEqual({ messages: 1, credits: 15, spent: 15 });
  });
});
