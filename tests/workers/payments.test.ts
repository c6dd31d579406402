/**
 * Buying credits through the provider (the local Mollie simulator): an order is credited exactly
 * once whatever the webhook does, a forged webhook credits nothing, a charge-back takes the credits
 * back, refunds, premium after the first purchase, prices only from the server, and orders that
 * are someone else's stay hidden.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { getSimulatedPayment, paymentReads, simulatePayment, webhook } from "./mollie-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

/** Orders a package and returns the order and the provider's payment id from the checkout redirect. */
async function order(member: Member, path = "/credits/p2/ideal", form: Record<string, string> = {}) {
  const method = path.split("/")[3] ?? "ideal";
  const response = await post(path, { method, terms: "on", ...form }, { cookie: member.cookie });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(location)?.[1];
  if (!paymentId) throw new Error(`no checkout in ${location}`);
  const [[orderId]] = (await sql("SELECT order_id FROM payments WHERE provider_payment_id = ?", [paymentId])) as [[string]];
  return { paymentId, orderId: Number(orderId), location };
}

async function account(member: { userId: number }) {
  const [[credits, paid, blocked, debt]] = (await sql("SELECT credits, paid_user, spending_blocked, credit_debt FROM users WHERE id = ?", [
    member.userId,
  ])) as [[string, string, string, string]];
  return { credits: Number(credits), paid: paid === "1", blocked: blocked === "1", debt: Number(debt) };
}

async function orderStatus(orderId: number) {
  const [[status]] = (await sql("SELECT status FROM orders WHERE id = ?", [orderId])) as [[string]];
  return status;
}

async function ledgerRows(causeKey: string) {
  const [[n]] = (await sql("SELECT count(*) FROM credit_ledger WHERE cause_key = ?", [causeKey])) as [[string]];
  return Number(n);
}

describe("the payment page", () => {
  it("sends a visitor to log in", async () => {
    const response = await get("/credits/p2/ideal");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows the package, the methods of the member's country and the terms", async () => {
    const member = await signedIn();
    const response = await get("/credits/p2", { cookie: member.cookie, country: "NL" });
    expect(response.status).toBe(200);
    const html = mainContent(await response.text());
    expect(html).toContain("500 credits kopen");
    expect(html).toContain('value="ideal"');
    expect(html).toContain('value="sdd"');
    expect(html).not.toContain('value="bancontact"');
    expect(html).toContain("algemene voorwaarden");
  });

  it("answers 404 for a package that does not exist and sends an unknown method back to the package", async () => {
    const member = await signedIn();
    expect((await get("/credits/p9", { cookie: member.cookie })).status).toBe(404);
    const response = await get("/credits/p2/bitcoin", { cookie: member.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/credits/p2");
  });

  it("refuses an order without accepted terms, and prices come from the server, not the form", async () => {
    const member = await signedIn();
    const refused = await post("/credits/p2/ideal", { method: "ideal" }, { cookie: member.cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Ga akkoord met de algemene voorwaarden");

    const { paymentId } = await order(member, "/credits/p2/ideal", { amountCents: "1", amount: "0.01", credits: "100000" });
    const payment = await getSimulatedPayment(paymentId);
    expect(payment.amount).toEqual({ currency: "EUR", value: "49.95" });
  });

  it("refuses a state change from another site", async () => {
    const member = await signedIn();
    const response = await exports.default.fetch(
      new Request("http://localhost/credits/p2/ideal", {
        method: "POST",
        headers: { Origin: "https://evil.example", Cookie: member.cookie, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ method: "ideal", terms: "on" }),
        redirect: "manual",
      }),
    );
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(Number((await sql("SELECT count(*) FROM orders WHERE user_id = ?", [member.userId]))[0]![0])).toBe(0);
  });
});

describe("crediting an order", () => {
  it("credits once when the same webhook arrives five times at once, and makes the member premium", async () => {
    const member = await signedIn({ credits: 30 });
    const { paymentId, orderId } = await order(member);
    await simulatePayment(paymentId, { status: "paid" });
    const responses = await Promise.all(Array.from({ length: 5 }, () => webhook(paymentId)));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await account(member)).toMatchObject({ credits: 530, paid: true });
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
    expect(await orderStatus(orderId)).toBe("paid");
    // And again later: still once.
    await webhook(paymentId);
    expect((await account(member)).credits).toBe(530);
  });

  it("reads one payment from the provider at most 5 times a minute however often the webhook names it; the member's return still syncs", async () => {
    const member = await signedIn();
    const { paymentId, orderId } = await order(member);
    const before = await paymentReads(paymentId);
    // Twenty unauthenticated calls naming a real payment, while it is still open.
    const responses = await Promise.all(Array.from({ length: 20 }, () => webhook(paymentId)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await paymentReads(paymentId)) - before).toBe(5);
    expect(await orderStatus(orderId)).toBe("pending");

    // Paid in the meantime: a throttled webhook reads nothing, the member's return reads and credits.
    await simulatePayment(paymentId, { status: "paid" });
    expect((await webhook(paymentId)).status).toBe(200);
    expect((await paymentReads(paymentId)) - before).toBe(5);
    expect(await orderStatus(orderId)).toBe("pending");
    const page = await get(`/credits/p2/ideal?order=${orderId}`, { cookie: member.cookie });
    expect(mainContent(await page.text())).toContain("Betaling gelukt");
    expect((await paymentReads(paymentId)) - before).toBe(6);
    expect(await orderStatus(orderId)).toBe("paid");
    expect((await account(member)).credits).toBe(500);
  });

  it("credits a payment the member returns from before the webhook came, and the webhook after that adds nothing", async () => {
    const member = await signedIn();
    const { paymentId, orderId, location } = await order(member, "/credits/p0/creditcard");
    expect(location).toContain("/checkout/");
    await simulatePayment(paymentId, { status: "paid" });
    const page = await get(`/credits/p0/creditcard?order=${orderId}`, { cookie: member.cookie });
    const html = mainContent(await page.text());
    expect(html).toContain("Betaling gelukt");
    expect(html).toContain("100 credits bijgeschreven");
    await webhook(paymentId);
    expect((await account(member)).credits).toBe(100);
  });

  it("ignores a forged webhook naming another payment id or garbage", async () => {
    const member = await signedIn();
    const { paymentId } = await order(member);
    // The payment is still open at the provider: a webhook for it changes nothing.
    expect((await webhook(paymentId)).status).toBe(200);
    expect((await webhook("tr_doesnotexist1")).status).toBe(200);
    const garbage = await exports.default.fetch(
      new Request("http://localhost/api/payment-webhook.php", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: "{",
      }),
    );
    expect(garbage.status).toBe(400);
    expect(await account(member)).toMatchObject({ credits: 0, paid: false });
  });

  it("shows a failed payment with 'Betaling mislukt', and PayPal after a failed card payment", async () => {
    const member = await signedIn();
    const { paymentId, orderId } = await order(member, "/credits/p1/creditcard");
    await simulatePayment(paymentId, { status: "failed" });
    await webhook(paymentId);
    expect(await orderStatus(orderId)).toBe("failed");
    const html = mainContent(await (await get(`/credits/p1/creditcard?order=${orderId}`, { cookie: member.cookie })).text());
    expect(html).toContain("Betaling mislukt");
    expect(html).toContain('href="/credits/p1/paypal"');
    expect(html).toContain("Betaal "); // the form to try again
    expect((await account(member)).credits).toBe(0);
  });

  it("shows a pending payment as pending until it settles", async () => {
    const member = await signedIn();
    const { paymentId, orderId } = await order(member, "/credits/p0/ideal");
    await simulatePayment(paymentId, { status: "pending" });
    let html = mainContent(await (await get(`/credits/p0/ideal?order=${orderId}`, { cookie: member.cookie })).text());
    expect(html).toContain("Betaling in behandeling");
    await simulatePayment(paymentId, { status: "paid" });
    html = mainContent(await (await get(`/credits/p0/ideal?order=${orderId}`, { cookie: member.cookie })).text());
    expect(html).toContain("Betaling gelukt");
  });

  it("takes the credits back on a charge-back and blocks spending while the balance is short", async () => {
    const member = await signedIn();
    const { paymentId, orderId } = await order(member, "/credits/p0/ideal");
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    // The member spends 60 of the 100 credits.
    await sql("UPDATE users SET credits = credits - 60 WHERE id = ?", [member.userId]);
    await simulatePayment(paymentId, { chargeback: true });
    await Promise.all([webhook(paymentId), webhook(paymentId)]);
    expect(await orderStatus(orderId)).toBe("charged_back");
    expect(await account(member)).toMatchObject({ credits: 0, blocked: true, debt: 60 });
    expect(await ledgerRows(`chargeback:${orderId}`)).toBe(1);

    // The next purchase settles the debt and opens spending again.
    const next = await order(member, "/credits/p0/ideal");
    await simulatePayment(next.paymentId, { status: "paid" });
    await webhook(next.paymentId);
    expect(await account(member)).toMatchObject({ credits: 40, blocked: false, debt: 0 });
  });
});

describe("transactions and refunds", () => {
  it("lists the member's own orders and hides everybody else's", async () => {
    const member = await signedIn();
    const other = await signedIn();
    const { paymentId, orderId } = await order(member, "/credits/p1/ideal");
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const list = mainContent(await (await get("/transactions", { cookie: member.cookie })).text());
    expect(list).toContain(`/transactions/${orderId}`);
    expect(list).toContain("Betaald");
    const details = mainContent(await (await get(`/transactions/${orderId}`, { cookie: member.cookie })).text());
    expect(details).toContain(`Bestelling #${orderId}`);
    expect(details).toContain("Terugbetalen");
    expect((await get(`/transactions/${orderId}`, { cookie: other.cookie })).status).toBe(404);
    expect((await get(`/credits/p1/ideal?order=${orderId}`, { cookie: other.cookie })).status).toBe(200);
    expect(mainContent(await (await get(`/credits/p1/ideal?order=${orderId}`, { cookie: other.cookie })).text())).not.toContain(
      "Betaling gelukt",
    );
    expect((await get("/transactions/abc", { cookie: member.cookie })).status).toBe(404);
  });

  it("refunds an unused purchase once, takes its credits back and ends premium bought with it", async () => {
    const member = await signedIn();
    const { paymentId, orderId } = await order(member, "/credits/p0/ideal");
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const [first, second] = await Promise.all([
      post(`/transactions/${orderId}`, { intent: "refund" }, { cookie: member.cookie }),
      post(`/transactions/${orderId}`, { intent: "refund" }, { cookie: member.cookie }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await account(member)).toMatchObject({ credits: 0, paid: false });
    expect((await getSimulatedPayment(paymentId)).amountRefunded).toEqual({ currency: "EUR", value: "14.95" });
    // A refund webhook afterwards changes nothing more.
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 0, debt: 0 });
    const [[refunds]] = (await sql("SELECT count(*) FROM credit_ledger WHERE user_id = ? AND reason = 'refund'", [member.userId])) as [
      [string],
    ];
    expect(Number(refunds)).toBe(1);
  });

  it("refuses a refund once credits of the purchase were spent", async () => {
    const member = await signedIn();
    const { paymentId, orderId } = await order(member, "/credits/p0/ideal");
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    await sql(
      "INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key, created_at) VALUES (?, -15, 85, 'message', ?, unixepoch() + 1)",
      [member.userId, `message:test:${orderId}`],
    );
    const response = await post(`/transactions/${orderId}`, { intent: "refund" }, { cookie: member.cookie });
    expect(response.status).toBe(409);
    expect(await orderStatus(orderId)).toBe("paid");
  });
});

describe("buying again", () => {
  it("offers the earlier purchase on the repeat-order page and pays it the same way", async () => {
    const member = await signedIn();
    const { paymentId } = await order(member, "/credits/p1/paypal");
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const html = mainContent(await (await get("/credits/repeat-order", { cookie: member.cookie })).text());
    expect(html).toContain('action="/credits/p1/paypal"');
    expect(html).toContain("/payment-methods/paypal.svg");
    const again = await order(member, "/credits/p1/paypal");
    expect(again.orderId).toBeGreaterThan(0);
  });
});

describe("the default payment method (the payment method menu's cookie)", () => {
  const checked = (html: string) =>
    (html.match(/<input[^>]*type="radio"[^>]*>/g) ?? []).find((input) => input.includes("checked"))?.match(/value="([a-z]+)"/)?.[1] ?? null;

  it("is preselected when offered and the address names no method; the address and nonsense do not change", async () => {
    const member = await signedIn();
    const page = async (path: string, cookie: string) =>
      mainContent(await (await get(path, { cookie: `${member.cookie}; ${cookie}` })).text());
    expect(checked(await page("/credits/p2", "payment_method=paypal"))).toBe("paypal");
    expect(checked(await page("/credits/p2/ideal", "payment_method=paypal"))).toBe("ideal");
    expect(checked(await page("/credits/p2", "payment_method=robot"))).toBe("ideal");
    // Offered in NL? Bancontact is not: the first offered method stays.
    expect(checked(await page("/credits/p2", "payment_method=bancontact"))).toBe("ideal");
    expect(await page("/credits/p2", "")).toContain('aria-haspopup="menu"');
  });
});
