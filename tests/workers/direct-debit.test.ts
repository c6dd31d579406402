/**
 * SEPA direct debit with an SMS code (/directdebit): the details form, the code in sms_outbox and
 * on /dev/sms, a wrong code ('Code ongeldig'), too many tries, the right code making a customer and
 * a mandate at the provider (the local Mollie simulator), an invalid IBAN, a blocked account or
 * IBAN, the direct-debit limit, and a visitor sent to log in.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/client.server";
import { activeMandate, blockMandate, directDebitAllowance, verifyMandateCode } from "~/payments/direct-debit.server";
import { PaymentProviderError, type PaymentProvider } from "~/payments/provider.server";
import { hashToken } from "~/security/tokens.server";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";

const db = getDatabase(env.DATABASE_URL as string);

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
const verify = (member: Member, code: string) => post("/directdebit?package=p2", { intent: "verify", code, package: "p2" }, { cookie: member.cookie });

/** Whether the Mollie simulator answers at MOLLIE_API_URL (tests/workers/global-setup.ts starts it). */
async function simulatorUp(): Promise<boolean> {
  const base = (env as unknown as { MOLLIE_API_URL?: string }).MOLLIE_API_URL;
  if (!base) return false;
  try {
    await fetch(`${base.replace(/\/$/, "")}/methods`, { headers: { Authorization: "Bearer test_simulator" }, signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}
const simulator = await simulatorUp();

/** A provider for the service tests: records calls, fails when told to. */
function fakeProvider(options: { fail?: "customer" | "mandate" } = {}) {
  const calls: { createCustomer: unknown[]; createMandate: unknown[] } = { createCustomer: [], createMandate: [] };
  const unused = () => Promise.reject(new Error("not used"));
  let n = 0;
  const provider: PaymentProvider = {
    name: "fake",
    createPayment: unused,
    getPayment: unused,
    listMethods: unused,
    createRefund: unused,
    async createCustomer(input) {
      calls.createCustomer.push(input);
      if (options.fail === "customer") throw new PaymentProviderError("Mollie could not be reached: connection refused");
      return { id: `cst_fake${++n}` };
    },
    async createMandate(input) {
      calls.createMandate.push(input);
      if (options.fail === "mandate") throw new PaymentProviderError("Mollie POST /customers/x/mandates: 422 invalid", 422);
      return { id: `mdt_fake${++n}`, status: "valid" };
    },
  };
  return { provider, calls };
}

describe("the direct-debit page", () => {
  it("sends a signed-out visitor to log in", async () => {
    const response = await get("/directdebit?package=p2");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/directdebit?package=p2")}`);
  });

  it("shows the form with the mandate text naming the company", async () => {
    const member = await signedIn();
    const [[company]] = (await sql("SELECT c.name FROM companies c JOIN sites s ON s.company_id = c.id WHERE s.key = 'nl-general'")) as [[string]];
    const response = await get("/directdebit?package=p2", { cookie: member.cookie });
    expect(response.status).toBe(200);
    const html = mainContent(await response.text());
    for (const field of ["accountHolder", "iban", "street", "houseNumber", "zip", "city", "phone"]) expect(html).toContain(`name="${field}"`);
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
    const tooLong = await post("/directdebit", { ...details, accountHolder: long, street: long, city: long, zip: long, houseNumber: long, phone: long, iban: long }, { cookie: member.cookie });
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

  it.runIf(simulator)("makes a customer and a mandate at the provider for the right code and goes back to the checkout", async () => {
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

    const base = (env as unknown as { MOLLIE_API_URL: string }).MOLLIE_API_URL.replace(/\/$/, "");
    const atSimulator = await fetch(`${base}/customers/${row?.customerId}/mandates/${row?.mandateId}`, { headers: { Authorization: "Bearer test_simulator" } });
    if (atSimulator.status !== 404 && atSimulator.status !== 405) {
      expect(atSimulator.status).toBe(200);
      expect(await atSimulator.json()).toMatchObject({ id: row?.mandateId, method: "directdebit" });
    }

    const page = mainContent(await (await get("/directdebit?package=p2", { cookie: member.cookie })).text());
    expect(page).toContain("Je machtiging is actief");
    expect(page).toMatch(/NL•• •••• •••• ••\d{2} \d{2}/);
    expect(page).toContain('href="/credits/p2/sdd"');
    expect(page).toContain("Andere rekening gebruiken");
  });

  it.runIf(!simulator)("keeps the details and the code when the provider cannot be reached", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const response = await verify(member, code);
    expect(response.status).toBe(502);
    expect(mainContent(await response.text())).toContain("Je machtiging kon niet worden vastgelegd.");
    expect(await mandateRow(member)).toMatchObject({ status: "unverified", codeHash: hashToken(code), attempts: 0, mandateId: null });
  });

  it("shows an active mandate with its masked IBAN, the way on to the package and a way to replace it", async () => {
    const member = await signedIn();
    await requestCode(member);
    await sql("UPDATE direct_debit_mandates SET status = 'active', iban = 'NL02ABNA0123456789', code_hash = NULL, provider_customer_id = 'cst_x', provider_mandate_id = 'mdt_x' WHERE user_id = ?", [
      member.userId,
    ]);
    const html = mainContent(await (await get("/directdebit?package=p1", { cookie: member.cookie })).text());
    expect(html).toContain("NL•• •••• •••• ••67 89");
    expect(html).toContain('href="/credits/p1/sdd"');
    const replace = mainContent(await (await get("/directdebit?package=p1&edit=1", { cookie: member.cookie })).text());
    expect(replace).toContain('value="send"');
    expect(replace).toContain("je huidige machtiging");
    expect(await activeMandate(db, member.userId)).toMatchObject({ providerCustomerId: "cst_x", providerMandateId: "mdt_x", maskedIban: "NL•• •••• •••• ••67 89" });
  });
});

describe("blocked accounts", () => {
  it("tells a blocked member to choose another method, and refuses new details", async () => {
    const member = await signedIn();
    await requestCode(member);
    await blockMandate(db, member.userId);
    const page = await get("/directdebit?package=p2", { cookie: member.cookie });
    const html = mainContent(await page.text());
    expect(html).toContain("Je account kan niet met automatische incasso betalen. Kies een andere betaalmethode.");
    expect(html).toContain('href="/credits"');
    expect(html).not.toContain('value="send"');
    const again = await post("/directdebit", { ...details, iban: uniqueIban() }, { cookie: member.cookie });
    expect(again.status).toBe(403);
    expect(await directDebitAllowance(db, { userId: member.userId, amountCents: 100, limitCents: 15000, now: new Date() })).toBe("blocked");
  });

  it("refuses an IBAN that belongs to a blocked mandate, for anyone", async () => {
    const iban = uniqueIban();
    const first = await signedIn();
    await requestCode(first, { iban });
    await blockMandate(db, first.userId);
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
    const allowance = (amountCents: number) => directDebitAllowance(db, { userId: member.userId, amountCents, limitCents: 15000, now: new Date() });
    expect(await allowance(4995)).toBe("no_mandate");
    await sddOrder(member, 8995, "paid");
    await sddOrder(member, 4995, "pending");
    await sddOrder(member, 8995, "failed");
    await sddOrder(member, 8995, "paid", 31);
    expect(await allowance(10)).toBe("no_mandate");
    expect(await allowance(1011)).toBe("limit_reached");
    await sql("INSERT INTO direct_debit_mandates (user_id, account_holder, iban, street, house_number, zip, city, phone, status, provider_customer_id, provider_mandate_id) VALUES (?, 'A', ?, 'S', '1', '1000 AA', 'C', '+31612345678', 'active', 'cst_l', 'mdt_l')", [
      member.userId,
      uniqueIban(),
    ]);
    expect(await allowance(10)).toBe("ok");
    expect(await allowance(4995)).toBe("limit_reached");
  });

  it("shows the limit message with a way to other methods", async () => {
    const member = await signedIn();
    await sddOrder(member, 14000, "paid");
    const html = mainContent(await (await get("/directdebit?package=p2", { cookie: member.cookie })).text());
    expect(html).toContain("De limiet voor automatische incasso is bereikt. Kies een andere betaalmethode.");
    expect(html).toContain('href="/credits/p2"');
  });
});

describe("verifyMandateCode", () => {
  const user = { email: "jan@example.test", name: "Jan", locale: "nl" };

  it("creates the customer and a mandate signed today with a DD reference", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const { provider, calls } = fakeProvider();
    const now = new Date();
    const outcome = await verifyMandateCode(db, provider, { userId: member.userId, code, user, now });
    expect(outcome).toMatchObject({ status: "verified", mandate: { providerCustomerId: "cst_fake1", providerMandateId: "mdt_fake2" } });
    expect(calls.createCustomer).toEqual([{ name: "Jan", email: "jan@example.test", locale: "nl_NL" }]);
    const row = await mandateRow(member);
    expect(calls.createMandate).toEqual([
      {
        customerId: "cst_fake1",
        consumerName: "Jan de Vries",
        iban: row?.iban,
        signatureDate: now.toISOString().slice(0, 10),
        reference: `DD-${member.userId}-${Math.floor(now.getTime() / 1000)}`,
      },
    ]);
    expect(row).toMatchObject({ status: "active", customerId: "cst_fake1", mandateId: "mdt_fake2", codeHash: null });
    // The code is used up.
    expect(await verifyMandateCode(db, provider, { userId: member.userId, code, user, now })).toEqual({ status: "no_code" });
  });

  it("loses nothing when the provider fails: the same code works once it is back, with the same customer", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const down = fakeProvider({ fail: "mandate" });
    expect(await verifyMandateCode(db, down.provider, { userId: member.userId, code, user, now: new Date() })).toEqual({ status: "provider_error" });
    expect(await mandateRow(member)).toMatchObject({ status: "unverified", customerId: "cst_fake1", codeHash: hashToken(code) });
    const up = fakeProvider();
    const outcome = await verifyMandateCode(db, up.provider, { userId: member.userId, code, user, now: new Date() });
    expect(outcome.status).toBe("verified");
    expect(up.calls.createCustomer).toEqual([]);
    expect(await mandateRow(member)).toMatchObject({ status: "active", customerId: "cst_fake1" });
  });

  it("refuses an expired code", async () => {
    const member = await signedIn();
    const code = await requestCode(member);
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await verifyMandateCode(db, fakeProvider().provider, { userId: member.userId, code, user, now: later })).toEqual({ status: "expired" });
  });
});
