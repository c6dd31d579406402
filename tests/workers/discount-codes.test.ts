/**
 * The welcome time bonus and discount codes: a new member gets TIMEBONUS25 for 4 hours, sees the
 * banner in the members area, and the order is priced with it on the server; a code is refused
 * with a translated reason ('Code niet gevonden', 'Code reeds gebruikt', …) and never used twice.
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { getSimulatedPayment, simulatePayment, webhook } from "./mollie-helpers";
import { accountForm, authCookieOf, postAs } from "./signup-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

async function discountApi(query: string, cookie?: string) {
  const response = await get(`/api/discountcode.php?${query}`, { cookie, country: "NL" });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the server sent.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A code of the default site with restrictions, unique to the test. */
async function siteCode(
  fields: {
    percent?: number;
    country?: string;
    minimumCents?: number;
    methods?: string[];
    expiresInSeconds?: number;
    userId?: number;
  } = {},
) {
  const code = `TEST${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await sql(
    `INSERT INTO discount_codes (site_id, code, country, user_id, value_percentage, minimum_order_cents, payment_methods, expires_at, status, once_per_user)
     VALUES ((SELECT id FROM sites WHERE key = 'nl-general'), ?, ?, ?, ?, ?, ?, ?, 'active', 1)`,
    [
      code,
      fields.country ?? null,
      fields.userId ?? null,
      fields.percent ?? 10,
      fields.minimumCents ?? 0,
      fields.methods ? JSON.stringify(fields.methods) : null,
      fields.expiresInSeconds === undefined ? null : Math.floor(Date.now() / 1000) + fields.expiresInSeconds,
    ],
  );
  return code;
}

async function orderWith(cookie: string, discountCode: string, path = "/credits/p2/ideal") {
  return post(path, { method: path.split("/")[3]!, terms: "on", discountCode }, { cookie });
}

function paymentIdOf(response: Response): string {
  const id = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!id) throw new Error(`no checkout in ${response.status} ${response.headers.get("Location")}`);
  return id;
}

describe("the welcome time bonus", () => {
  it("starts at signup with 4 hours on TIMEBONUS25", async () => {
    const form = accountForm();
    const response = await postAs("/signup", form);
    expect(authCookieOf(response)).not.toBeNull();
    const rows = await sql(
      `SELECT d.code, t.expires_at - t.starts_at, t.used_at FROM time_bonuses t JOIN discount_codes d ON d.id = t.discount_code_id
       JOIN users u ON u.id = t.user_id WHERE u.email = ?`,
      [form.email!],
    );
    expect(rows.map(([code, seconds, usedAt]) => [code, Number(seconds), usedAt])).toEqual([["TIMEBONUS25", 14400, null]]);
  });

  it("shows the banner with the time left in the members area, not elsewhere, and not to a paying member", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: 3600 });
    const members = await (await get("/members", { cookie: member.cookie })).text();
    expect(members).toContain("time-bonus-banner");
    expect(members).toMatch(/<time>(1:00:00|0:59:\d\d)<\/time>/);
    expect(members).toContain("25% korting op je eerste credits");
    expect(await (await get("/settings", { cookie: member.cookie })).text()).not.toContain("time-bonus-banner");

    const paying = await signedIn({ timeBonusSecondsLeft: 3600, paidUser: true });
    expect(await (await get("/members", { cookie: paying.cookie })).text()).not.toContain("time-bonus-banner");
    const expired = await signedIn({ timeBonusSecondsLeft: -1 });
    expect(await (await get("/members", { cookie: expired.cookie })).text()).not.toContain("time-bonus-banner");
  });

  it("prices every package on /credits with the welcome discount, the list price struck beside it, until it is used", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: 600 });
    const page = await (await get("/credits", { cookie: member.cookie, country: "NL" })).text();
    // p1 lists at €29,95: 25 % off is €22,46 (Intl writes a no-break space after the euro sign).
    expect(page).toMatch(/<s class="package__list-price">€\u00a029,95<\/s> (<!-- -->)?€\u00a022,46/);
    const paying = await signedIn({ timeBonusSecondsLeft: 600, paidUser: true });
    const full = await (await get("/credits", { cookie: paying.cookie, country: "NL" })).text();
    expect(full).not.toContain("package__list-price");
    expect(full).toContain("€\u00a029,95");
  });

  it("loads the welcome code priced for a package through /api/discountcode.php", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: 600 });
    const { status, body } = await discountApi("welcome=true&package=p2&method=ideal", member.cookie);
    expect(status).toBe(200);
    expect(body.discountcode).toMatchObject({ code: "TIMEBONUS25", value_percentage: 25, validity: 14400, expired: false });
    expect(body.discountcode.expires).toBeGreaterThan(Date.now() / 1000);
    expect(body.discount).toEqual({ package: "p2", currency: "EUR", amount_cents: 4995, discount_cents: 1249, total_cents: 3746 });

    const without = await signedIn();
    expect((await discountApi("welcome=true", without.cookie)).status).toBe(404);
    expect((await discountApi("welcome=true")).status).toBe(403);
  });

  it("takes 25% off the first order, and only once", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: 600 });
    const first = await orderWith(member.cookie, "timebonus25");
    const paymentId = paymentIdOf(first);
    expect((await getSimulatedPayment(paymentId)).amount).toEqual({ currency: "EUR", value: "37.46" });
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const [[usedAt, uses]] = (await sql(
      "SELECT t.used_at, (SELECT count(*) FROM discount_code_uses WHERE user_id = t.user_id) FROM time_bonuses t WHERE user_id = ?",
      [member.userId],
    )) as [[number | null, number]];
    expect(usedAt).not.toBeNull();
    expect(Number(uses)).toBe(1);

    const again = await orderWith(member.cookie, "TIMEBONUS25");
    expect(again.status).toBe(422);
    expect(await again.text()).toContain("Code reeds gebruikt");
    expect(await (await get("/members", { cookie: member.cookie })).text()).not.toContain("time-bonus-banner");
  });

  it("refuses the welcome code to a paying member", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: 600, paidUser: true });
    const { status, body } = await discountApi("code=TIMEBONUS25&package=p1", member.cookie);
    expect(status).toBe(422);
    expect(body).toEqual({ error: "first_purchase", message: "Deze kortingscode geldt alleen voor je eerste aankoop." });
    expect((await discountApi("welcome=true&package=p1", member.cookie)).status).toBe(404);
  });

  it("refuses the welcome code once the time is up", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: -5 });
    const response = await orderWith(member.cookie, "TIMEBONUS25");
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Deze kortingscode is verlopen.");
    expect(Number((await sql("SELECT count(*) FROM orders WHERE user_id = ?", [member.userId]))[0]![0])).toBe(0);
  });
});

describe("discount codes", () => {
  it("says 'Code niet gevonden' for a code that does not exist or is someone else's", async () => {
    const member = await signedIn();
    const other = await signedIn();
    const personal = await siteCode({ userId: other.userId });
    for (const code of ["NOPE", personal]) {
      const { status, body } = await discountApi(`code=${code}&package=p1`, member.cookie);
      expect(status).toBe(404);
      expect(body).toEqual({ error: "not_found", message: "Code niet gevonden" });
    }
    expect((await discountApi(`code=${personal}&package=p1`, other.cookie)).status).toBe(200);
    expect((await discountApi("code=", member.cookie)).status).toBe(400);
    expect((await discountApi(`code=${"X".repeat(500)}`, member.cookie)).status).toBe(400);
  });

  it("keeps to its country, minimum order, methods and end date", async () => {
    const member = await signedIn();
    const belgian = await siteCode({ country: "BE" });
    expect((await discountApi(`code=${belgian}&package=p1`, member.cookie)).body.error).toBe("country");
    const big = await siteCode({ minimumCents: 4000 });
    expect((await discountApi(`code=${big}&package=p1`, member.cookie)).body.error).toBe("minimum");
    expect((await discountApi(`code=${big}&package=p2`, member.cookie)).body.discount).toMatchObject({
      discount_cents: 500,
      total_cents: 4495,
    });
    const paypalOnly = await siteCode({ methods: ["paypal"] });
    const refused = await discountApi(`code=${paypalOnly}&package=p1&method=ideal`, member.cookie);
    expect(refused).toEqual({ status: 422, body: { error: "method", message: "Deze kortingscode geldt niet voor deze betaalmethode." } });
    expect((await discountApi(`code=${paypalOnly}&package=p1&method=paypal`, member.cookie)).status).toBe(200);
    // An ended general code answers as one that does not exist (money-races.test.ts: its owner's own code says it ended).
    const ended = await siteCode({ expiresInSeconds: -60 });
    expect((await discountApi(`code=${ended}&package=p1`, member.cookie)).body.error).toBe("not_found");

    // The order is checked the same way: a refused code starts no payment.
    const response = await orderWith(member.cookie, big, "/credits/p1/ideal");
    expect(response.status).toBe(422);
    expect(Number((await sql("SELECT count(*) FROM orders WHERE user_id = ?", [member.userId]))[0]![0])).toBe(0);
  });

  it("prices the order with a code on the server and records its use when paid", async () => {
    const member = await signedIn({ paidUser: true });
    const code = await siteCode({ percent: 20 });
    const response = await orderWith(member.cookie, code, "/credits/p0/ideal");
    const paymentId = paymentIdOf(response);
    expect((await getSimulatedPayment(paymentId)).amount).toEqual({ currency: "EUR", value: "11.96" });
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const { body } = await discountApi(`code=${code}&package=p0`, member.cookie);
    expect(body).toEqual({ error: "used", message: "Code reeds gebruikt" });
    const html = mainContent(await (await get("/transactions", { cookie: member.cookie })).text());
    expect(html).toContain("11,96");
  });
});
