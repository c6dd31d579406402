/**
 * The round-trip budget (issue 28, ADR 047): how many database round trips each request waits for
 * one after another, counted (not timed) by the distance proxy in front of the tests' database
 * (tools/distance-proxy.mjs): the longest chain of exchanges in which each one left only after the
 * one before it was answered. Exchanges sent together count once.
 *
 * - a visitor's public page, a lander and the public JSON calls: at most 1;
 * - every page and JSON call a member opens: at most 2 (the session, then one batch);
 * - every action (form post, API write): at most 3.
 *
 * Every route of app/routes.ts is listed below with at least one request, so a new route fails
 * this test until it is given one and fits its budget. The operator console is counted as a member
 * meets it (its 404) and as an admin after the step-up (ADR 054, 056).
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import routesSource from "../../app/routes.ts?raw";
import { browserCookies, createMember, type TestMember } from "./factories";
import { get, post, sql } from "./helpers";
import { addPhoto } from "./profiles-helpers";
import { cookieOf } from "./signup-helpers";

const worker = builtWorker as ExportedHandler<Env>;
const countingUrl = (env as unknown as { ROUND_TRIP_DATABASE_URL: string }).ROUND_TRIP_DATABASE_URL;

/** What a request may wait for, one round trip after another. */
const BUDGET = { public: 1, member: 2, action: 3 } as const;
type Kind = keyof typeof BUDGET;

/**
 * Requests still over their budget, with the round trips they wait for today (docs/performance.md "Production
 * distances" lists what each waits for). Each may not get worse; one that fits its budget must be
 * taken off this list, so it cannot slip back unnoticed.
 */
const OVER_BUDGET_TODAY: Record<string, number> = {};

type World = {
  anna: TestMember & { cookie: string };
  bram: TestMember & { cookie: string };
  /** A member Anna has not written to yet. */
  newcomer: TestMember;
  moderator: TestMember & { cookie: string };
  /** An admin whose session has passed the step-up (ADR 054). */
  admin: TestMember & { cookie: string };
  /** A member the admin acts on. */
  target: TestMember;
  conversationId: number;
  photoKey: string;
  shortLink: string;
  /** The `landing` cookie of a visitor who arrived through a lander. */
  landingCookie: string;
};

type Probe = {
  kind: Kind;
  /** Its name in OVER_BUDGET_TODAY, for a request still over its budget. */
  known?: string;
  /** Who sends it: nobody signed in, a member (Anna), a moderator or an admin after the step-up. */
  as: "visitor" | "member" | "moderator" | "admin";
  method?: "GET" | "POST" | "DELETE" | "PATCH";
  path: (world: World) => string;
  /** A form (an object of fields) or a JSON body (`json`). */
  form?: (world: World) => Record<string, string>;
  json?: (world: World) => unknown;
  headers?: Record<string, string> | ((world: World) => Record<string, string>);
  /** Held to fewer round trips than its kind's budget: a request that must not slip back (ADR 059). */
  within?: number;
};

const page = (path: string | ((world: World) => string), as: Probe["as"] = "member"): Probe => ({
  kind: as === "visitor" ? "public" : "member",
  as,
  path: typeof path === "string" ? () => path : path,
});
const visitor = (path: string | ((world: World) => string)) => page(path, "visitor");
const form = (
  path: string | ((world: World) => string),
  fields: (world: World) => Record<string, string>,
  as: Probe["as"] = "member",
): Probe => ({
  kind: "action",
  as,
  method: "POST",
  path: typeof path === "string" ? () => path : path,
  form: fields,
});
const call = (method: "POST" | "DELETE" | "PATCH", path: string, json: (world: World) => unknown, as: Probe["as"] = "member"): Probe => ({
  kind: "action",
  as,
  method,
  path: () => path,
  json,
});

/**
 * Every route of app/routes.ts by its path, with the requests that count for it. Pages are opened
 * by the member they are for (and public ones by a visitor); routes with an action also post one.
 */
const budget: Record<string, Probe[]> = {
  "/": [visitor("/"), page("/")],
  pricing: [visitor("/pricing"), page("/pricing")],
  "pages/:page": [visitor("/pages/faq"), page("/pages/privacy")],
  login: [visitor("/login"), form("/login", ({ anna }) => ({ email: anna.email, password: anna.password }), "visitor")],
  signup: [
    visitor("/signup"),
    form(
      "/signup",
      () => ({
        email: `budget-${crypto.randomUUID().slice(0, 8)}@example.test`,
        password: "correct horse battery staple",
        gender: "male",
        sexuality: "hetero",
        birthDate: "1990-01-01",
        name: "Budget",
        terms: "on",
      }),
      "visitor",
    ),
  ],
  "signup-matches": [visitor("/signup-matches")],
  activate: [visitor("/activate?token=nonsense"), form("/activate", () => ({ token: "nonsense" }), "visitor")],
  "activate/done": [visitor("/activate/done")],
  "activate/error": [visitor("/activate/error")],
  "reset-password": [visitor("/reset-password"), form("/reset-password", ({ bram }) => ({ email: bram.email }), "visitor")],
  "reset-password/do": [
    visitor("/reset-password/do?token=nonsense"),
    form(
      "/reset-password/do",
      () => ({ token: "nonsense", password: "another horse battery", confirm: "another horse battery" }),
      "visitor",
    ),
  ],
  settings: [page("/settings"), form("/settings", () => ({ intent: "invisible", invisible: "on" }))],
  notifications: [page("/notifications"), form("/notifications", () => ({ intent: "emails_off" }))],
  "notifications/unsubscribe": [
    visitor("/notifications/unsubscribe?token=nonsense"),
    form("/notifications/unsubscribe", () => ({ token: "nonsense" }), "visitor"),
  ],
  "mail-change/do": [visitor("/mail-change/do?token=nonsense"), form("/mail-change/do", () => ({ token: "nonsense" }), "visitor")],
  "account-deleted": [visitor("/account-deleted")],
  "account-recover": [visitor("/account-recover"), form("/account-recover", () => ({ token: "nonsense" }), "visitor")],
  "dev/mail": [visitor("/dev/mail")],
  "dev/sms": [visitor("/dev/sms")],
  "members/:id": [page(({ bram }) => `/members/${bram.profileId}`), visitor(({ bram }) => `/members/${bram.profileId}`)],
  "likes/m/:id": [page(({ bram }) => `/likes/m/${bram.profileId}`)],
  profile: [page("/profile"), form("/profile", () => ({ intent: "about", aboutMe: "Ik hou van fietsen langs de grachten." }))],
  complaints: [
    page("/complaints"),
    form("/complaints", ({ bram }) => ({ profileId: String(bram.profileId), reason: "spam", details: "Stuurt reclame." })),
  ],
  moderation: [page("/moderation", "moderator"), form("/moderation", () => ({ intent: "noop" }), "moderator")],
  members: [page("/members"), page("/members?page=2"), visitor("/members")],
  likes: [page("/likes")],
  "likes/:type": [page("/likes/received"), page("/likes/given")],
  "swipe-game": [page("/swipe-game")],
  "match-finder": [page("/match-finder")],
  chats: [page("/chats")],
  credits: [page("/credits")],
  "credits/repeat-order": [page("/credits/repeat-order")],
  "credits/:id/:paymentmethod?": [page("/credits/p2"), page("/credits/p2/ideal"), form("/credits/p2/ideal", () => ({ method: "ideal" }))],
  premium: [page("/premium")],
  "transactions/:id?": [page("/transactions"), form("/transactions", () => ({ intent: "noop" }))],
  directdebit: [page("/directdebit"), form("/directdebit", () => ({ intent: "noop" }))],
  conversions: [page("/conversions")],
  ":token": [visitor(({ shortLink }) => `/${shortLink}`)],
  "*": [visitor("/no/such/page"), page("/no/such/page")],
  "chats/:id": [
    page(({ conversationId }) => `/chats/${conversationId}`),
    // A message into a conversation waits for its paid batch alone, the session checked in it (ADR 059).
    {
      ...form(
        ({ conversationId }) => `/chats/${conversationId}`,
        () => ({ intent: "text", clientKey: crypto.randomUUID(), body: "Zin in koffie?" }),
      ),
      within: 1,
    },
  ],
  "members/:id/chat": [
    page(({ bram }) => `/members/${bram.profileId}/chat`),
    form(
      ({ newcomer }) => `/members/${newcomer.profileId}/chat`,
      () => ({ intent: "text", clientKey: crypto.randomUUID(), body: "Hoi!" }),
    ),
    form(
      ({ bram }) => `/members/${bram.profileId}/chat`,
      () => ({ intent: "text", clientKey: crypto.randomUUID(), body: "Nog een bericht" }),
    ),
  ],
  "lang-config": [page("/lang-config"), form("/lang-config", () => ({ language: "de" }))],
  "complete-signup": [page("/complete-signup"), form("/complete-signup", () => ({ intent: "noop" }))],
  "landers/tinderswipe": [visitor("/landers/tinderswipe")],
  "landers/alonetonight/:slug?": [visitor("/landers/alonetonight/nl-milf")],
  "landers/collagelanding/:slug?": [visitor("/landers/collagelanding/nl-gay")],
  "landers/gallery/:slug?": [visitor("/landers/gallery")],
  "landers/iconslanding/:slug?": [visitor("/landers/iconslanding/nl-general")],
  "landers/maplanding/:slug?": [visitor("/landers/maplanding/nl-milf")],
  "landers/socialnetwork/:slug?": [visitor("/landers/socialnetwork")],
  "landers/transitionsvideolanding/:slug?": [visitor("/landers/transitionsvideolanding")],
  "landers/video/:slug?": [visitor("/landers/video/de-milf")],
  "members/:id/landing": [visitor(({ bram }) => `/members/${bram.profileId}/landing`)],
  "members/:id/signup": [
    visitor(({ bram }) => `/members/${bram.profileId}/signup`),
    form(
      ({ bram }) => `/members/${bram.profileId}/signup`,
      () => ({ email: "not-an-address" }),
      "visitor",
    ),
  ],
  "members/:id/landing2/:slug?": [visitor(({ bram }) => `/members/${bram.profileId}/landing2`)],
  "members/:id/landing3/:slug?": [visitor(({ bram }) => `/members/${bram.profileId}/landing3`)],
  "entry-warning": [form("/entry-warning", () => ({ accept: "1" }), "visitor")],
  "manifest.webmanifest": [visitor("/manifest.webmanifest")],
  "photos/*": [visitor(({ photoKey }) => `/${photoKey}`)],
  "api/settings.php": [visitor("/api/settings.php")],
  "api/interests.php": [visitor("/api/interests.php")],
  "api/regions.php": [visitor("/api/regions.php?country=NL")],
  "api/companyinfo.php": [visitor("/api/companyinfo.php")],
  "api/user.php": [
    page("/api/user.php"),
    call("POST", "/api/user.php", ({ anna }) => ({ email: anna.email, password: anna.password }), "visitor"),
  ],
  "activate/resend": [form("/activate/resend", () => ({}))],
  "settings/export": [page("/settings/export")],
  "api/passkeys/:step": [call("POST", "/api/passkeys/register-options", () => ({}))],
  "api/geocode.php": [page("/api/geocode.php?lat=52.37&lon=4.89")],
  "api/blocks.php": [call("POST", "/api/blocks.php", ({ moderator }) => ({ profile_id: moderator.profileId, action: "block" }))],
  "api/photos.php": [page("/api/photos.php"), call("PATCH", "/api/photos.php", () => ({ photo_id: 1, private: true }))],
  "api/likes.php": [page("/api/likes.php"), call("POST", "/api/likes.php", ({ bram }) => ({ profile_id: bram.profileId, action: "like" }))],
  "api/auto-like.php": [{ kind: "action", as: "member", path: () => "/api/auto-like.php" }],
  "api/chats.php": [page("/api/chats.php")],
  "api/chat.php": [call("DELETE", "/api/chat.php", () => ({ conversation: 999999999 }))],
  "api/chat-typing.php": [call("POST", "/api/chat-typing.php", ({ conversationId }) => ({ conversation: conversationId }))],
  "api/chat-photo.php": [call("POST", "/api/chat-photo.php", () => ({}))],
  "api/gifs.php": [page("/api/gifs.php?q=cat")],
  "api/payment-webhook.php": [form("/api/payment-webhook.php", () => ({ id: "tr_nonsense" }), "visitor")],
  "api/mail-webhook.php": [call("POST", "/api/mail-webhook.php", () => ({ type: "email.bounced" }), "visitor")],
  "api/discountcode.php": [
    page("/api/discountcode.php?code=NOSUCHCODE"),
    page("/api/discountcode.php?welcome=true"),
    page("/api/discountcode.php?code=TIMEBONUS25&package=p2&method=ideal"),
  ],
  // A visitor who came through a lander leaves it: the event is checked and written in one statement.
  "api/page-hidden.php": [
    {
      ...form("/api/page-hidden.php", () => ({}), "visitor"),
      headers: ({ landingCookie }) => ({ Cookie: landingCookie, Referer: "http://localhost/landers/iconslanding/nl-general" }),
      within: 1,
    },
  ],
  consent: [form("/consent", () => ({ choice: "accept" }), "visitor")],
  "sitemap.xml": [visitor("/sitemap.xml")],
  "robots.txt": [visitor("/robots.txt")],
  "og-image.png": [visitor("/og-image.png")],
  "__bench/baseline": [visitor("/__bench/baseline")],
  // The operator console (ADR 054): counted as an admin after the step-up meets it, and as a member
  // meets it (the 404 of a missing page).
  admin: [page("/admin"), page("/admin", "admin")],
  "admin/verify": [
    page("/admin/verify"),
    page("/admin/verify", "admin"),
    form("/admin/verify", () => ({ intent: "code", code: "000000" }), "admin"),
  ],
  "admin/audit": [page("/admin/audit"), page("/admin/audit", "admin")],
  "admin/members": [page("/admin/members"), page("/admin/members", "admin"), page("/admin/members?q=Bram", "admin")],
  "admin/members/:id": [
    page("/admin/members/1"),
    page(({ target }) => `/admin/members/${target.userId}`, "admin"),
    form(
      ({ target }) => `/admin/members/${target.userId}`,
      () => ({ intent: "credits", delta: "5", reason: "Budget", requestKey: crypto.randomUUID() }),
      "admin",
    ),
    form(
      ({ target }) => `/admin/members/${target.userId}`,
      () => ({ intent: "ban", reason: "Budget ban" }),
      "admin",
    ),
    form(
      ({ target }) => `/admin/members/${target.userId}`,
      () => ({ intent: "unban", reason: "Budget unban" }),
      "admin",
    ),
  ],
  "admin/orders": [
    page("/admin/orders"),
    page("/admin/orders", "admin"),
    form("/admin/orders", () => ({ intent: "refund", orderId: "999999999" }), "admin"),
  ],
  "admin/mail": [
    page("/admin/mail"),
    page("/admin/mail", "admin"),
    form("/admin/mail", () => ({ intent: "resend", mailId: "999999999" }), "admin"),
  ],
  "admin/sites": [page("/admin/sites"), page("/admin/sites", "admin"), form("/admin/sites", () => ({ key: "" }), "admin")],
  "admin/discount-codes": [
    page("/admin/discount-codes"),
    page("/admin/discount-codes", "admin"),
    form(
      "/admin/discount-codes",
      () => ({ intent: "create", code: `BUDGET${crypto.randomUUID().slice(0, 6).toUpperCase()}`, valuePercentage: "10" }),
      "admin",
    ),
    form("/admin/discount-codes", () => ({ intent: "expire", codeId: "999999999" }), "admin"),
  ],
  "admin/prices": [page("/admin/prices"), page("/admin/prices", "admin")],
  "admin/acquisition": [page("/admin/acquisition"), page("/admin/acquisition", "admin")],
  "admin/orders/export.csv": [page("/admin/orders/export.csv"), page("/admin/orders/export.csv", "admin")],
  // Last: it ends Anna's session.
  "api/logout.php": [{ kind: "action", as: "member", path: () => "/api/logout.php" }],
};

/**
 * Every path of app/routes.ts as written there (an index route is "/"). Read from its source: the
 * route helpers of @react-router/dev do not load in workerd.
 */
function routePaths(source: string): string[] {
  const indexes = [...source.matchAll(/\bindex\(/g)].map(() => "/");
  return [...indexes, ...[...source.matchAll(/\broute\("([^"]*)"/g)].map((match) => match[1]!)];
}

async function control(step: "start" | "stop") {
  const response = await fetch(`${countingUrl}/_distance/rounds/${step}`, { method: "POST" });
  if (step === "start") {
    await response.arrayBuffer();
    return null;
  }
  return (await response.json()) as { roundTrips: number; exchanges: { depth: number; sql: string }[] };
}

/**
 * A route module's action is posted as the running app posts it: to `<path>.data` (React Router's
 * single fetch), which runs the action alone; the page's reload after it is a page request of its
 * own, counted on the page. Resource routes (api/…) take the request as it is.
 */
const PAGE_ACTION = /^\/(?!api\/|entry-warning|consent|activate\/resend|settings\/export)/;

function requestOf(probe: Probe, world: World): Request {
  const headers = new Headers({
    "CF-IPCountry": "NL",
    Accept: "text/html",
    ...(typeof probe.headers === "function" ? probe.headers(world) : probe.headers),
  });
  const cookie = { visitor: null, member: world.anna.cookie, moderator: world.moderator.cookie, admin: world.admin.cookie }[probe.as];
  if (cookie) headers.set("Cookie", cookie);
  let body: BodyInit | undefined;
  if (probe.method && probe.method !== "GET") headers.set("Origin", "http://localhost");
  if (probe.form) body = new URLSearchParams(probe.form(world));
  if (probe.json) {
    headers.set("Content-Type", "application/json");
    headers.set("Accept", "application/json");
    body = JSON.stringify(probe.json(world));
  }
  const path = probe.path(world);
  const asked = probe.form && PAGE_ACTION.test(path) ? `${path.replace(/\/$/, "/_root")}.data` : path;
  return new Request(`http://localhost${asked}`, { method: probe.method ?? "GET", headers, body, redirect: "manual" });
}

/** Sends one request to the Worker whose database is behind the counting proxy; the chain it waited for. */
async function measure(probe: Probe, world: World) {
  const ctx = createExecutionContext();
  const workerEnv = { ...env, DATABASE_URL: countingUrl } as Env;
  const request = requestOf(probe, world) as Parameters<NonNullable<typeof worker.fetch>>[0];
  await control("start");
  const response = await worker.fetch!(request, workerEnv, ctx);
  await response.arrayBuffer();
  const report = (await control("stop"))!;
  // Work left for after the response (waitUntil) finishes before the next request is counted.
  await waitOnExecutionContext(ctx);
  return { status: response.status, ...report };
}

async function signedIn(options: Parameters<typeof createMember>[0] = {}) {
  const member = await createMember(options);
  // As the browser holds them after the first page: the session and the member hint (ADR 059).
  return { ...member, cookie: await browserCookies(member) };
}

let world: World;

beforeAll(async () => {
  const anna = await signedIn({ credits: 500, name: "Anna", gender: "female" });
  // With a main photo, as most members have: pages that show it must not read it after the profile.
  await addPhoto(anna.profileId, { main: true });
  const bram = await signedIn({ name: "Bram" });
  const moderator = await signedIn({ name: "Moderator" });
  const newcomer = await createMember({ name: "Nieuw" });
  const target = await createMember({ name: "Doelwit" });
  await sql("UPDATE users SET role = 'moderator' WHERE id = ?", [moderator.userId]);
  const admin = await signedIn({ name: "Beheer" });
  await sql("UPDATE users SET role = 'admin' WHERE id = ?", [admin.userId]);
  // The step-up as a passkey or the mailed code leaves it (ADR 054).
  await sql("UPDATE sessions SET step_up_at = unixepoch() WHERE user_id = ?", [admin.userId]);
  // Anna's first message opens the conversation the chat pages are measured on.
  const started = await post(
    `/members/${bram.profileId}/chat`,
    { intent: "text", clientKey: crypto.randomUUID(), body: "Hoi Bram!" },
    { cookie: anna.cookie },
  );
  const conversationId = /^\/chats\/(\d+)/.exec(started.headers.get("Location") ?? "")?.[1];
  if (!conversationId) throw new Error(`no conversation: ${started.status} ${started.headers.get("Location")}`);
  const [[photoKey]] = ((await sql("SELECT thumb_key FROM photos WHERE status = 'active' AND private = 0 LIMIT 1")) as [[string]]) ?? [
    ["photos/x"],
  ];
  const shortLink = `budget-${crypto.randomUUID().slice(0, 8)}`;
  await sql("INSERT INTO short_links (site_id, token, target, label) VALUES (?, ?, '/pricing', 'budget')", [anna.siteId, shortLink]);
  const landed = await get("/landers/iconslanding/nl-general");
  const landingCookie = cookieOf(landed, "landing");
  if (!landingCookie) throw new Error(`no landing visit: ${landed.status}`);
  world = {
    anna,
    bram,
    newcomer,
    moderator,
    admin,
    target,
    conversationId: Number(conversationId),
    photoKey: String(photoKey),
    shortLink,
    landingCookie,
  };
  // The isolate's caches (sites) are warm, as in service.
  await measure(visitor("/"), world);
});

describe("the round-trip budget", () => {
  it("lists every route of app/routes.ts", () => {
    const paths = routePaths(routesSource);
    expect(paths.filter((path) => !(path in budget))).toEqual([]);
    expect(Object.keys(budget).filter((path) => !paths.includes(path))).toEqual([]);
  });

  it("keeps every request within its budget", async () => {
    const over: string[] = [];
    const table: string[] = [];
    const stillKnown = new Set<string>();
    for (const [route, probes] of Object.entries(budget)) {
      for (const probe of probes) {
        const { status, roundTrips, exchanges } = await measure(probe, world);
        const allowed = probe.known ? OVER_BUDGET_TODAY[probe.known]! : (probe.within ?? BUDGET[probe.kind]);
        const line = `${(probe.method ?? "GET").padEnd(6)} ${probe.path(world).padEnd(40)} ${probe.as.padEnd(9)} ${String(status).padEnd(4)} ${roundTrips}/${probe.within ?? BUDGET[probe.kind]}${probe.known ? ` (known: ${allowed})` : ""}`;
        table.push(line);
        if (probe.known && roundTrips > BUDGET[probe.kind]) stillKnown.add(probe.known);
        if (roundTrips > allowed)
          over.push(`${route}: ${line}\n${exchanges.map((exchange) => `    ${exchange.depth}: ${exchange.sql}`).join("\n")}`);
      }
    }
    console.log(table.join("\n"));
    expect(over).toEqual([]);
    // A request that now fits its budget leaves the list of known ones.
    expect(Object.keys(OVER_BUDGET_TODAY).filter((name) => !stillKnown.has(name))).toEqual([]);
  }, 300_000);
});
