/**
 * SEPA direct debit with an SMS code (/directdebit): the details form, the code in sms_outbox and
 * on /dev/sms, a wrong code ('Code ongeldig'), too many tries, the right code making a customer and
 * a mandate at the provider (the local Mollie simulator), an invalid IBAN, a blocked account or
 * IBAN, the direct-debit limit, and a visitor sent to log in.
 */
import { describe, expect, it } from "vitest";
import { hashToken } from "~/security/tokens.server";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { runCronJob } from "./cron-helpers";
import { getSimulatedMandate, simulateOutage, simulatePayment, webhook } from "./mollie-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

const details = {
  intent: "send",
  accountHolder: "Jan de Vries",
  iban: "NL91 ABNA 0417 1643 00",
  street: "Keizersgracht",
  houseNumber: "12a",
  zip: "1015 CS",
  city: "Amsterdam",
  phone: "06 12345678",
};

/** A valid Dutch IBAN of its own for each test (blocked IBANs are blocked for everyone). */
function uniqueIban(): string {
  const account = String(Math.floor(Math.random() * 1e10)).padStart(10, "0");
  const bban = `ABNA${account}`;
  const digits = `${bban}NL00`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  const check = 98 - Number(BigInt(digits) % 97n);
  return `NL${String(check).padStart(2, "0")}${bban}`;
}

/** Sends the details form; returns the code from the text message. */
async function requestCode(member: Member, form: Partial<typeof details> = {}, path = "/directdebit?package=p2") {
  const response = await post(path, { ...details, iban: uniqueIban(), ...form, package: "p2" }, { cookie: member.cookie });
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/directdebit?package=p2");
  return latestCode(member);
}

async function latestCode(member: { userId: number }) {
  const [[body]] = (await sql("SELECT body FROM sms_outbox WHERE user_id = ? ORDER BY id DESC LIMIT 1", [member.userId])) as [[string]];
  const code = /(\d{6})$/.exec(body)?.[1];
  if (!code) throw new Error(`no code in ${body}`);
  return code;
}

async function mandateRow(member: { userId: number }) {
  const rows = await sql(
    "SELECT status, iban, phone, code_hash, code_attempts, provider_customer_id, provider_mandate_id, verified_at, account_holder FROM direct_debit_mandates WHERE user_id = ?",
    [member.userId],
  );
  const [row] = rows as [string | null, string, string, string | null, string, string | null, string | null, string | null, string][];
  if (!row) return null;
  const [status, iban, phone, codeHash, attempts, customerId, mandateId, verifiedAt, accountHolder] = row;
  return { status, iban, phone, codeHash, attempts: Number(attempts), customerId, mandateId, verifiedAt, accountHolder };
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const verify = (member: Member, code: string) =>
  post("/directdebit?package=p2", { intent: "verify", code, package: "p2" }, { cookie: member.cookie });

/** What blockMandate does when a direct debit bounces or is charged back (payment-sync.server.ts). */
const blockMandate = (member: { userId: number }) =>
  sql("UPDATE direct_debit_mandates SET status = 'blocked', code_hash = NULL, code_expires_at = NULL WHERE user_id = ?", [member.userId]);

describe("the direct-debit page", () => {
  it("sends a signed-out visitor to log in", async () => {
    const response = await get("/directdebit?package=p2");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/directdebit?package=p2")}`);
  });

  it("shows the form with the mandate text naming the company", async () => {
    const member = await signedIn();
    const [[company]] = (await sql("SELECT c.name FROM companies c JOIN sites s ON s.company_id = c.id WHERE s.key = 'nl-general'")) as [
      [string],
    ];
    const response = await get("/directdebit?package=p2", { cookie: member.cookie });
    expect(response.status).toBe(200);
    const html = mainContent(await response.text());
    for (const field of ["accountHolder", "iban", "street", "houseNumber", "zip", "city", "phone"])
      expect(html).toContain(`name="${field}"`);
    expect(html).toContain('value="send"');
    expect(html).toContain("Code versturen");
    expect(html).toContain(`machtig je ${company.replace(/&/g, "&amp;")}`);
  });

  it("refuses an invalid IBAN with a message and sends nothing", async () => {
    const member = await signedIn();
    const response = await post("/directdebit", { ...details, iban: "NL92 ABNA 0417 1643 00" }, { cookie: member.cookie });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain("Dit is geen geldig IBAN.");
    expect(await mandateRow(member)).toBeNull();
    expect(await sql("SELECT id FROM sms_outbox WHERE user_id = ?", [member.userId])).toEqual([]);
  });

  it("never answers bad input with a 500: over-long fields and unknown intents get a 400", async () => {
    const member = await signedIn();
    const long = "x".repeat(5000);
    const tooLong = await post(
      "/directdebit",
      { ...details, accountHolder: long, street: long, city: long, zip: long, houseNumber: long, phone: long, iban: long },
      { cookie: member.cookie },
    );
    expect(tooLong.status).toBe(400);
    expect(mainContent(await tooLong.text())).toContain("Vul de naam van de rekeninghouder in");
    const code = await post("/directdebit", { intent: "verify", code: long }, { cookie: member.cookie });
    expect(code.status).toBe(400);
    const unknown = await post("/directdebit", { intent: "steal" }, { cookie: member.cookie });
    expect(unknown.status).toBe(400);
    expect(mainContent(await unknown.text())).toContain("Er is een fout opgetreden, probeer het later opnieuw.");
    const none = await post("/directdebit", {}, { cookie: member.cookie });
    expect(none.status).toBe(400);
  });

  it("texts a code in the member's language, records it in sms_outbox and shows it on /dev/sms", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const [[to, body, status, siteName]] = (await sql(
      "SELECT o.to_number, o.body, o.status, s.name FROM sms_outbox o JOIN sites s ON s.id = o.site_id WHERE o.user_id = ?",
      [member.userId],
    )) as [[string, string, string, string]];
    expect(to).toBe("+31612345678");
    expect(body).toBe(`Je code voor de automatische incasso van ${siteName}: ${code}`);
    expect(status).toBe("recorded");

    const row = await mandateRow(member);
    expect(row).toMatchObject({ status: "unverified", phone: "+31612345678", attempts: 0, accountHolder: "Jan de Vries" });
    expect(row?.iban).toMatch(/^NL\d{2}ABNA\d{10}$/);
    expect(row?.codeHash).toBe(hashToken(code));

    const page = mainContent(await (await get("/directdebit?package=p2", { cookie: member.cookie })).text());
    expect(page).toContain("+31 ••••••• 78");
    expect(page).toContain('value="verify"');
    expect(page).toContain("Stuur een nieuwe code");

    // A second code: /dev/sms lists the newest first.
    expect((await post("/directdebit?package=p2", { intent: "resend" }, { cookie: member.cookie })).status).toBe(200);
    const second = await latestCode(member);
    const devSms = await get("/dev/sms");
    expect(devSms.status).toBe(200);
    const list = mainContent(await devSms.text());
    expect(list).toContain(`${siteName}: ${code}`.replace(/&/g, "&amp;"));
    expect(list.indexOf(`: ${second}`)).toBeLessThan(list.indexOf(`: ${code}`));
    expect(list).toContain("+31612345678");
  });

  it("says 'Code ongeldig' for a wrong code and counts the attempt", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const response = await verify(member, wrong(code));
    expect(response.status).toBe(400);
    const html = mainContent(await response.text());
    expect(html).toContain("Code ongeldig");
    expect(html).toContain("Je hebt nog 4 pogingen.");
    expect((await mandateRow(member))?.attempts).toBe(1);
    expect((await mandateRow(member))?.status).toBe("unverified");
  });

  it("voids the code after five wrong tries: even the right code then needs a new one", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    for (let attempt = 1; attempt <= 4; attempt++) expect((await verify(member, wrong(code))).status).toBe(400);
    const fifth = await verify(member, wrong(code));
    expect(fifth.status).toBe(429);
    expect(mainContent(await fifth.text())).toContain("Je hebt te vaak een verkeerde code ingevuld. Vraag een nieuwe code aan.");
    expect((await mandateRow(member))?.codeHash).toBeNull();
    const right = await verify(member, code);
    expect(right.status).toBe(400);
    expect(mainContent(await right.text())).toContain("Vraag een nieuwe code aan.");

    // A new code works again from zero.
    const resent = await post("/directdebit?package=p2", { intent: "resend" }, { cookie: member.cookie });
    expect(resent.status).toBe(200);
    expect(mainContent(await resent.text())).toContain("We hebben een nieuwe code gestuurd naar +31 ••••••• 78.");
    expect((await mandateRow(member))?.attempts).toBe(0);
    expect((await mandateRow(member))?.codeHash).toBe(hashToken(await latestCode(member)));
  });

  it("sends at most three codes an hour", async () => {
    const member = await signedIn();
    await requestCode(member);
    for (let i = 0; i < 2; i++) expect((await post("/directdebit", { intent: "resend" }, { cookie: member.cookie })).status).toBe(200);
    const fourth = await post("/directdebit", { intent: "resend" }, { cookie: member.cookie });
    expect(fourth.status).toBe(429);
    expect(mainContent(await fourth.text())).toContain("Je hebt het afgelopen uur te veel codes aangevraagd.");
    const [[count]] = (await sql("SELECT count(*) FROM sms_outbox WHERE user_id = ?", [member.userId])) as [[string]];
    expect(Number(count)).toBe(3);
  });

  it("makes a customer and a mandate signed today at the provider for the right code and goes back to the checkout", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const response = await verify(member, code);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/credits/p2/sdd");
    const row = await mandateRow(member);
    expect(row).toMatchObject({ status: "active", codeHash: null });
    expect(row?.customerId).toMatch(/^cst_/);
    expect(row?.mandateId).toMatch(/^mdt_/);
    expect(row?.verifiedAt).not.toBeNull();

    const atProvider = await getSimulatedMandate(row!.customerId!, row!.mandateId!);
    expect(atProvider).toMatchObject({ id: row?.mandateId, status: "valid", signatureDate: new Date().toISOString().slice(0, 10) });
    expect(atProvider.details).toEqual({ consumerName: "Jan de Vries", consumerAccount: row?.iban, consumerBic: null });
    expect(atProvider.mandateReference).toMatch(new RegExp(`^DD-${member.userId}-\\d+$`));
    // The code is used up: sending it again changes nothing.
    expect((await verify(member, code)).status).not.toBe(302);
    expect(await mandateRow(member)).toMatchObject({ status: "active", mandateId: row?.mandateId });

    const page = mainContent(await (await get("/directdebit?package=p2", { cookie: member.cookie })).text());
    expect(page).toContain("Je machtiging is actief");
    expect(page).toMatch(/NL•• •••• •••• ••\d{2} \d{2}/);
    expect(page).toContain('href="/credits/p2/sdd"');
    expect(page).toContain("Andere rekening gebruiken");
  });

  it("loses nothing when the provider cannot be reached: the same code works once it is back", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    // The create and its one retry with the same idempotency key.
    await simulateOutage(2);
    const response = await verify(member, code);
    expect(response.status).toBe(502);
    expect(mainContent(await response.text())).toContain("Je machtiging kon niet worden vastgelegd.");
    expect(await mandateRow(member)).toMatchObject({ status: "unverified", codeHash: hashToken(code), attempts: 0, mandateId: null });

    const again = await verify(member, code);
    expect(again.status).toBe(302);
    expect(await mandateRow(member)).toMatchObject({ status: "active", codeHash: null });
  });

  it("refuses an expired code", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    await sql("UPDATE direct_debit_mandates SET code_expires_at = unixepoch() - 1 WHERE user_id = ?", [member.userId]);
    const response = await verify(member, code);
    expect(response.status).toBe(400);
    expect(await mandateRow(member)).toMatchObject({ status: "unverified", mandateId: null });
  });

  it("shows an active mandate with its masked IBAN, the way on to the package and a way to replace it", async () => {
    const member = await signedIn();
    await requestCode(member);
    await sql(
      "UPDATE direct_debit_mandates SET status = 'active', iban = 'NL02ABNA0123456789', code_hash = NULL, provider_customer_id = 'cst_x', provider_mandate_id = 'mdt_x' WHERE user_id = ?",
      [member.userId],
    );
    const html = mainContent(await (await get("/directdebit?package=p1", { cookie: member.cookie })).text());
    expect(html).toContain("NL•• •••• •••• ••67 89");
    expect(html).toContain('href="/credits/p1/sdd"');
    const replace = mainContent(await (await get("/directdebit?package=p1&edit=1", { cookie: member.cookie })).text());
    expect(replace).toContain('value="send"');
    expect(replace).toContain("je huidige machtiging");
  });
});

describe("blocked accounts", () => {
  it("tells a blocked member to choose another method, and refuses new details", async () => {
    const member = await signedIn();
    await requestCode(member);
    await blockMandate(member);
    const page = await get("/directdebit?package=p2", { cookie: member.cookie });
    const html = mainContent(await page.text());
    expect(html).toContain("Je account kan niet met automatische incasso betalen. Kies een andere betaalmethode.");
    expect(html).toContain('href="/credits"');
    expect(html).not.toContain('value="send"');
    const again = await post("/directdebit", { ...details, iban: uniqueIban() }, { cookie: member.cookie });
    expect(again.status).toBe(403);
    // And the checkout refuses a direct debit.
    const order = await post("/credits/p0/sdd", { method: "sdd", terms: "on" }, { cookie: member.cookie });
    expect(order.status).toBe(422);
    expect(mainContent(await order.text())).toContain("Je account kan niet met automatische incasso betalen.");
  });

  it("refuses an IBAN that belongs to a blocked mandate, for anyone", async () => {
    const iban = uniqueIban();
    const first = await signedIn();
    await requestCode(first, { iban });
    await blockMandate(first);
    const other = await signedIn();
    const response = await post("/directdebit", { ...details, iban: iban.toLowerCase() }, { cookie: other.cookie });
    expect(response.status).toBe(403);
    expect(mainContent(await response.text())).toContain("Je account kan niet met automatische incasso betalen.");
    expect(await mandateRow(other)).toBeNull();
  });
});

describe("the direct-debit limit", () => {
  async function sddOrder(member: { userId: number; siteId: number }, amountCents: number, status: string, daysAgo = 0) {
    const at = Math.floor(Date.now() / 1000) - daysAgo * 86400;
    await sql(
      `INSERT INTO orders (user_id, site_id, package_key, credits, currency, amount_cents, method, status, terms_accepted_at, created_at)
       VALUES (?, ?, 'p3', 1000, 'EUR', ?, 'sdd', ?, ?, ?)`,
      [member.userId, member.siteId, amountCents, status, at, at],
    );
  }

  it("counts open, pending and paid direct debits of the last 30 days", async () => {
    const member = await signedIn();
    const limited = async (packageKey: string) =>
      mainContent(await (await get(`/directdebit?package=${packageKey}`, { cookie: member.cookie })).text()).includes(
        "De limiet voor automatische incasso is bereikt.",
      );
    await sddOrder(member, 8995, "failed");
    await sddOrder(member, 8995, "paid", 31);
    await sddOrder(member, 4995, "paid");
    // €49.95 counts, the failed and the old one do not: €14.95 more stays within €150.
    expect(await limited("p0")).toBe(false);
    await sddOrder(member, 8995, "pending");
    expect(await limited("p0")).toBe(true);
  });

  it("shows the limit message with a way to other methods", async () => {
    const member = await signedIn();
    await sddOrder(member, 14000, "paid");
    const html = mainContent(await (await get("/directdebit?package=p2", { cookie: member.cookie })).text());
    expect(html).toContain("De limiet voor automatische incasso is bereikt. Kies een andere betaalmethode.");
    expect(html).toContain('href="/credits/p2"');
  });
});

describe("requests sent together (issue 26)", () => {
  /** A member with a confirmed mandate, through the page's own two steps. */
  async function withMandate() {
    const member = await signedIn();
    const code = await requestCode(member);
    expect((await verify(member, code)).status).toBe(302);
    expect((await mandateRow(member))?.status).toBe("active");
    return member;
  }

  it("keeps six direct-debit checkouts sent together within the limit", async () => {
    const member = await withMandate();
    // €49.95 each against the €150 limit: three fit, three do not.
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post("/credits/p2/sdd", { method: "sdd", terms: "on" }, { cookie: member.cookie })),
    );
    const [[orders, cents]] = (await sql(
      "SELECT count(*), coalesce(sum(amount_cents), 0) FROM orders WHERE user_id = ? AND method = 'sdd' AND status IN ('open', 'pending', 'paid')",
      [member.userId],
    )) as [[string, string]];
    expect(Number(orders)).toBe(3);
    expect(Number(cents)).toBeLessThanOrEqual(15000);
    const refused = responses.filter((response) => response.status === 422);
    expect(refused).toHaveLength(3);
    expect(mainContent(await refused[0]!.text())).toContain("De limiet voor automatische incasso is bereikt.");
  });

  it("keeps a direct debit whose answer was lost: it counts toward the limit, and is credited once the reconciliation finds it", async () => {
    const member = await withMandate();
    // The create and its one retry with the same idempotency key: both carried out, neither answered.
    await simulateOutage(2, ["lost"]);
    const lost = await post("/credits/p2/sdd", { method: "sdd", terms: "on" }, { cookie: member.cookie });
    expect(lost.status).toBe(302);
    const [[orderId, status]] = (await sql("SELECT id, status FROM orders WHERE user_id = ? AND method = 'sdd'", [member.userId])) as [
      [string, string],
    ];
    expect(lost.headers.get("Location")).toContain(`order=${orderId}`);
    expect(status).toBe("open");
    const returnPage = new URL(lost.headers.get("Location")!);
    expect(mainContent(await (await get(returnPage.pathname + returnPage.search, { cookie: member.cookie })).text())).toContain(
      "De incasso is aangevraagd.",
    );
    // €49.95 open: two more fit within €150, a third does not.
    for (const expected of [302, 302, 422])
      expect((await post("/credits/p2/sdd", { method: "sdd", terms: "on" }, { cookie: member.cookie })).status).toBe(expected);

    await runCronJob("reconcile-payments", new Date(), {}, "*/15 * * * *");
    const [[paymentId]] = (await sql("SELECT provider_payment_id FROM payments WHERE order_id = ?", [orderId])) as [[string]];
    await simulatePayment(paymentId, { status: "paid" });
    expect((await webhook(paymentId)).status).toBe(200);
    expect(await sql("SELECT status FROM orders WHERE id = ?", [orderId])).toEqual([["paid"]]);
    expect(await sql("SELECT count(*) FROM credit_ledger WHERE cause_key = ?", [`order:${orderId}`])).toEqual([["1"]]);
  });

  it("compares at most five of forty codes sent together", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const guesses = Array.from({ length: 40 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    const responses = await Promise.all(guesses.map((guess) => verify(member, guess)));
    const invalid = (await Promise.all(responses.map(async (r) => mainContent(await r.text())))).filter((html) =>
      html.includes("Code ongeldig"),
    );
    expect(invalid.length).toBeLessThanOrEqual(4);
    expect((await mandateRow(member))?.attempts).toBeLessThanOrEqual(5);
    expect((await mandateRow(member))?.codeHash).toBeNull();
  });

  it("takes only an IBAN of the site's countries", async () => {
    const member = await signedIn();
    const response = await post(
      "/directdebit?package=p2",
      { ...details, iban: "DE89 3704 0044 0532 0130 00", package: "p2" },
      { cookie: member.cookie },
    );
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain("Automatische incasso kan hier alleen met een bankrekening uit een van de landen");
    expect(await mandateRow(member)).toBeNull();
  });
});
