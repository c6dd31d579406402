/**
 * The whole life of a payment as Mollie lives it (issue 30): webhooks that come five times, out of
 * order or never; payments that expire; refunds that fail days later; charge-backs that are
 * reversed. Each test ends with the books of its own member (app/credits/books.ts): the balance is
 * the sum of the ledger, each paid order credited once, each refund and charge-back debited once.
 */
import { describe, expect, it, vi } from "vitest";
import { booksQueries } from "~/credits/books";
import { runCronJob } from "./cron-helpers";
import { createMember, loginCookie } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { getSimulatedPayment, holdNextRead, simulatePayment, simulateRefund, simulatedRefunds, webhook } from "./mollie-helpers";

async function signedIn() {
  const member = await createMember();
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

async function one(query: string, args: (string | number)[] = []) {
  const rows = await sql(query, args);
  return rows[0]?.[0] ?? null;
}

/** A p0 order (100 credits, € 14.95) and its payment at the simulator. */
async function startOrder(member: Member) {
  const response = await post("/credits/p0/ideal", { method: "ideal", terms: "on" }, { cookie: member.cookie });
  const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!paymentId) throw new Error(`no checkout: ${response.status}`);
  const orderId = Number(await one("SELECT order_id FROM payments WHERE provider_payment_id = ?", [paymentId]));
  return { orderId, paymentId };
}

async function buy(member: Member) {
  const started = await startOrder(member);
  await simulatePayment(started.paymentId, { status: "paid" });
  expect((await webhook(started.paymentId)).status).toBe(200);
  return started;
}

async function account(member: Member) {
  const [[credits, paid, blocked, debt]] = (await sql("SELECT credits, paid_user, spending_blocked, credit_debt FROM users WHERE id = ?", [
    member.userId,
  ])) as [[string, string, string, string]];
  return { credits: Number(credits), premium: paid === "1", blocked: blocked === "1", debt: Number(debt) };
}

const orderStatus = (orderId: number) => one("SELECT status FROM orders WHERE id = ?", [orderId]);
const ledgerRows = async (causeKey: string) => Number(await one("SELECT count(*) FROM credit_ledger WHERE cause_key = ?", [causeKey]));

/** The nightly books check, limited to this member: nothing to report. */
async function expectBooksBalance(member: Member) {
  const problems: string[] = [];
  for (const query of booksQueries([member.userId])) for (const [problem] of await sql(query)) problems.push(String(problem));
  expect(problems).toEqual([]);
}

/** The 15-minute reconciliation, alone (the other jobs of the schedule stay out of other tests' way). */
const reconcile = () => runCronJob("reconcile-payments", new Date(), {}, "*/15 * * * *");

/** Refunds the order from the member's receipt, as the member does. */
async function refund(member: Member, orderId: number) {
  const response = await post(`/transactions/${orderId}`, { intent: "refund" }, { cookie: member.cookie });
  expect(response.status).toBe(200);
}

describe("webhooks in any number and order", () => {
  it("credits once when the paid webhook comes three times at once, and a paid webhook after a charge-back credits nothing again", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await startOrder(member);
    await simulatePayment(paymentId, { status: "paid" });
    const answers = await Promise.all([webhook(paymentId), webhook(paymentId), webhook(paymentId)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await account(member)).toMatchObject({ credits: 100, premium: true });

    await simulatePayment(paymentId, { chargeback: true });
    // Mollie's retry of the old "paid" notice arrives after the charge-back's: it reads the payment as it is now.
    await webhook(paymentId);
    await webhook(paymentId);
    expect(await orderStatus(orderId)).toBe("charged_back");
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
    expect(await ledgerRows(`chargeback:${orderId}`)).toBe(1);
    await expectBooksBalance(member);
  });

  it("credits nothing again when a paid webhook arrives after the member's refund", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    await refund(member, orderId);
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });
    expect((await webhook(paymentId)).status).toBe(200);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await account(member)).toMatchObject({ credits: 0 });
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
    await expectBooksBalance(member);
  });

  it("credits a payment whose webhook never came, once, from the reconciliation; a webhook afterwards adds nothing", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await startOrder(member);
    await simulatePayment(paymentId, { status: "paid" });
    await reconcile();
    await reconcile();
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await account(member)).toMatchObject({ credits: 100 });
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 100 });
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
    await expectBooksBalance(member);
  });
});

describe("payments that never complete", () => {
  it("shows an expired payment as expired and credits nothing", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await startOrder(member);
    await simulatePayment(paymentId, { status: "expired" });
    await webhook(paymentId);
    expect(await orderStatus(orderId)).toBe("expired");
    const html = mainContent(await (await get(`/credits/p0/ideal?order=${orderId}`, { cookie: member.cookie })).text());
    expect(html).toContain("De betaling is verlopen");
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });
    await expectBooksBalance(member);
  });
});

describe("refunds that fail after they started", () => {
  it("gives the credits back when Mollie reports the refund failed, once however often it is reported, and the order can be refunded again", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    await refund(member, orderId);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });

    const [pending] = await simulatedRefunds(paymentId);
    expect(pending?.status).toBe("pending");
    await simulateRefund(paymentId, pending!.id, "failed");
    await webhook(paymentId);
    await webhook(paymentId);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await account(member)).toMatchObject({ credits: 100, premium: true });
    expect(await ledgerRows(`refund-failed:${orderId}:${pending!.id}`)).toBe(1);
    await expectBooksBalance(member);

    // A second refund goes through.
    await refund(member, orderId);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect((await getSimulatedPayment(paymentId)).amountRefunded).toEqual({ currency: "EUR", value: "14.95" });
    await expectBooksBalance(member);
  });

  it("finds a failed refund whose webhook never came in the reconciliation", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    await refund(member, orderId);
    const [pending] = await simulatedRefunds(paymentId);
    await simulateRefund(paymentId, pending!.id, "failed");
    await reconcile();
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await account(member)).toMatchObject({ credits: 100 });
    await reconcile();
    expect(await account(member)).toMatchObject({ credits: 100 });
    await expectBooksBalance(member);
  });
});

describe("charge-backs that are reversed", () => {
  it("restores what the charge-back took: the credits, premium and spending, once", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    await simulatePayment(paymentId, { chargeback: true });
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });

    await simulatePayment(paymentId, { reverseChargeback: true });
    expect((await getSimulatedPayment(paymentId)).amountChargedBack).toEqual({ currency: "EUR", value: "0.00" });
    await webhook(paymentId);
    await webhook(paymentId);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await account(member)).toMatchObject({ credits: 100, premium: true, blocked: false, debt: 0 });
    expect(await ledgerRows(`chargeback-reversed:${orderId}`)).toBe(1);
    await expectBooksBalance(member);
  });

  it("restores a charge-back that found the balance short: the debt is struck off and the taken credits come back", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    // The member spends 60 of the 100 credits on four messages' worth, through the ledger.
    await sql(`INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key) VALUES (?, -60, 40, 'message', ?)`, [
      member.userId,
      `message:lifecycle:${orderId}`,
    ]);
    await sql("UPDATE users SET credits = 40 WHERE id = ?", [member.userId]);
    await simulatePayment(paymentId, { chargeback: true });
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 0, blocked: true, debt: 60 });
    await expectBooksBalance(member);

    await simulatePayment(paymentId, { reverseChargeback: true });
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 40, blocked: false, debt: 0 });
    expect(await orderStatus(orderId)).toBe("paid");
    await expectBooksBalance(member);
  });
});

describe("charge-back debt over time", () => {
  /** A member whose first order was charged back after 60 of its 100 credits were spent: 60 credits of debt. */
  async function inDebt() {
    const member = await signedIn();
    const first = await buy(member);
    await sql(`INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key) VALUES (?, -60, 40, 'message', ?)`, [
      member.userId,
      `message:debt:${first.orderId}`,
    ]);
    await sql("UPDATE users SET credits = 40 WHERE id = ?", [member.userId]);
    await simulatePayment(first.paymentId, { chargeback: true });
    await webhook(first.paymentId);
    expect(await account(member)).toMatchObject({ credits: 0, blocked: true, debt: 60 });
    return { member, first };
  }

  it("settles the debt once when two purchases are paid at the same moment", async () => {
    const { member } = await inDebt();
    const second = await startOrder(member);
    const third = await startOrder(member);
    await Promise.all([simulatePayment(second.paymentId, { status: "paid" }), simulatePayment(third.paymentId, { status: "paid" })]);
    const answers = await Promise.all([webhook(second.paymentId), webhook(third.paymentId)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await account(member)).toMatchObject({ credits: 140, debt: 0, blocked: false });
    await expectBooksBalance(member);
  });

  it("gives back what a later purchase already paid of a charge-back's debt when the charge-back is reversed", async () => {
    const { member, first } = await inDebt();
    await buy(member);
    expect(await account(member)).toMatchObject({ credits: 40, debt: 0, blocked: false });

    await simulatePayment(first.paymentId, { reverseChargeback: true });
    await webhook(first.paymentId);
    // The 40 the charge-back took, and the 60 of its debt the second purchase paid.
    expect(await account(member)).toMatchObject({ credits: 140, debt: 0, blocked: false });
    expect(await orderStatus(first.orderId)).toBe("paid");
    await expectBooksBalance(member);
  });

  it("undoes no charge-back on the strength of a payment read before it: a slow answer that predates it changes nothing", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    const held = await holdNextRead(paymentId);
    const slow = webhook(paymentId);
    await held.come();
    await simulatePayment(paymentId, { chargeback: true });
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });

    await held.release();
    expect((await slow).status).toBe(200);
    expect(await orderStatus(orderId)).toBe("charged_back");
    expect(await account(member)).toMatchObject({ credits: 0, premium: false });
    expect(await ledgerRows(`chargeback-reversed:${orderId}`)).toBe(0);
    await expectBooksBalance(member);
  });

  it("reverses a charge-back whose webhook never came in the reconciliation, after reading the payment again", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    await simulatePayment(paymentId, { chargeback: true });
    await webhook(paymentId);
    await simulatePayment(paymentId, { reverseChargeback: true });
    await reconcile();
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await account(member)).toMatchObject({ credits: 100, premium: true, blocked: false, debt: 0 });
    await expectBooksBalance(member);
  });
});

describe("the stay discount of the delete-account page", () => {
  it("gives a member who stays one personal code of delete_discount percent, shown on /credits and taken off at checkout, once", async () => {
    const member = await signedIn();
    const percent = Number(
      await one("SELECT c.delete_discount FROM sites s JOIN companies c ON c.id = s.company_id WHERE s.id = ?", [member.siteId]),
    );
    expect(percent).toBeGreaterThan(0);
    const settings = mainContent(await (await get("/settings", { cookie: member.cookie })).text());
    expect(settings).toContain(`Ik blijf – geef me ${percent}% korting`);

    const [first, second] = await Promise.all([
      post("/settings", { intent: "stay" }, { cookie: member.cookie }),
      post("/settings", { intent: "stay" }, { cookie: member.cookie }),
    ]);
    expect([first.status, second.status]).toEqual([302, 302]);
    expect(first.headers.get("Location")).toBe("/credits");
    const codes = await sql("SELECT code, value_percentage FROM discount_codes WHERE user_id = ?", [member.userId]);
    expect(codes).toHaveLength(1);
    const [[code, value]] = codes as [[string, string]];
    expect(code).toMatch(/^STAY[A-Z0-9]{8}$/);
    expect(Number(value)).toBe(percent);

    const credits = mainContent(await (await get("/credits", { cookie: member.cookie })).text());
    expect(credits).toContain(`Fijn dat je blijft! Je persoonlijke code geeft ${percent}% korting`);
    expect(credits).toContain(code);

    // Nobody else can use it.
    const other = await signedIn();
    const refused = await post("/credits/p0/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: other.cookie });
    expect(refused.status).toBe(422);

    const response = await post("/credits/p0/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: member.cookie });
    expect(response.status).toBe(302);
    const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1] ?? "";
    const [[amount, discount]] = (await sql("SELECT amount_cents, discount_cents FROM orders WHERE user_id = ?", [member.userId])) as [
      [string, string],
    ];
    expect(Number(discount)).toBe(Math.round((1495 * percent) / 100));
    expect(Number(amount) + Number(discount)).toBe(1495);
    expect((await getSimulatedPayment(paymentId)).amount.value).toBe((Number(amount) / 100).toFixed(2));
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    expect(await account(member)).toMatchObject({ credits: 100 });

    // Used: gone from /credits, refused at the next checkout, and staying again gives no second code.
    expect(mainContent(await (await get("/credits", { cookie: member.cookie })).text())).not.toContain(code);
    const again = await post("/credits/p0/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: member.cookie });
    expect(again.status).toBe(422);
    expect(mainContent(await again.text())).toContain("Code reeds gebruikt");
    await post("/settings", { intent: "stay" }, { cookie: member.cookie });
    expect(await sql("SELECT count(*) FROM discount_codes WHERE user_id = ?", [member.userId])).toEqual([["1"]]);
    await expectBooksBalance(member);
  });
});

describe("the nightly books check", () => {
  it("reports a balance that is not the sum of its ledger, and fixes nothing", async () => {
    const member = await signedIn();
    await buy(member);
    await expectBooksBalance(member);
    // A fault no code path makes: credits without a ledger row.
    await sql("UPDATE users SET credits = credits + 5 WHERE id = ?", [member.userId]);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await runCronJob("check-books", new Date(), {}, "0 3 * * *");
      const logged = errors.mock.calls.map((call) => call.map(String).join(" "));
      expect(logged).toContain(`books: user ${member.userId} has 105 credits, their ledger adds up to 100`);
    } finally {
      errors.mockRestore();
    }
    // Reported, not repaired.
    expect(await account(member)).toMatchObject({ credits: 105 });
  });
});
