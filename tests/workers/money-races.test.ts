/**
 * Money rules under requests that arrive together (issue 26): a limit is checked and recorded in
 * the same statement, so sending the requests side by side gets no more than sending them one
 * after the other. The member keeps either the credits or the money, a once-only code gives one
 * discount, and the direct-debit limit holds under parallel checkouts.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { post, sql } from "./helpers";
import { simulateOutage, simulatePayment, webhook } from "./mollie-helpers";

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

async function one(query: string, args: (string | number | null)[] = []) {
  const rows = await sql(query, args);
  return rows[0]?.[0] ?? null;
}

/** Orders a package and pays it at the simulator; returns the order id. */
async function buy(member: Member, path = "/credits/p0/ideal") {
  const response = await post(path, { method: path.split("/")[3]!, terms: "on" }, { cookie: member.cookie });
  const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!paymentId) throw new Error(`no checkout: ${response.status} ${response.headers.get("Location")}`);
  await simulatePayment(paymentId, { status: "paid" });
  await webhook(paymentId);
  return { orderId: Number(await one("SELECT order_id FROM payments WHERE provider_payment_id = ?", [paymentId])), paymentId };
}

function refund(member: Member, orderId: number) {
  return post(`/transactions/${orderId}`, { intent: "refund" }, { cookie: member.cookie });
}

function firstMessage(from: Member, to: { profileId: number }, body: string) {
  return post(`/members/${to.profileId}/chat`, { intent: "text", clientKey: `race-${crypto.randomUUID()}`, body }, { cookie: from.cookie });
}

/** The balance, and whether the ledger's rows add up to it. */
async function balance(member: { userId: number }) {
  const credits = Number(await one("SELECT credits FROM users WHERE id = ?", [member.userId]));
  const ledger = Number(await one("SELECT coalesce(sum(delta), 0) FROM credit_ledger WHERE user_id = ?", [member.userId]));
  return { credits, ledger };
}

async function messagesFrom(member: { profileId: number }) {
  return Number(await one("SELECT count(*) FROM messages WHERE sender_id = ?", [member.profileId]));
}

describe("a refund and paid messages sent together", () => {
  it("leave the member with the credits or with the money, never both", async () => {
    const buyer = await signedIn();
    const { orderId } = await buy(buyer);
    expect((await balance(buyer)).credits).toBe(100);
    const others = await Promise.all(Array.from({ length: 6 }, () => createMember()));

    const responses = await Promise.all([
      refund(buyer, orderId),
      ...others.map((other, i) => firstMessage(buyer, other, `Hallo nummer ${i}, hoe gaat het met je?`)),
    ]);
    const refunded = (await one("SELECT status FROM orders WHERE id = ?", [orderId])) === "refunded";
    const sent = await messagesFrom(buyer);
    const after = await balance(buyer);
    expect(after.credits).toBe(after.ledger);
    if (refunded) {
      expect(responses[0]!.status).toBe(200);
      expect(sent).toBe(0);
      expect(after.credits).toBe(0);
    } else {
      expect(responses[0]!.status).toBe(409);
      expect(sent).toBeGreaterThan(0);
      expect(after.credits).toBe(100 - 15 * sent);
    }
  });

  it("counts a message paid in the same second as the purchase as use", async () => {
    // Credits from before the purchase keep the balance above the package's after the message.
    const buyer = await signedIn({ credits: 30 });
    const { orderId } = await buy(buyer);
    await sql(
      `INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key, created_at)
       SELECT ?, -15, 115, 'message', ?, paid_at FROM orders WHERE id = ?`,
      [buyer.userId, `message:same-second:${orderId}`, orderId],
    );
    await sql("UPDATE users SET credits = 115 WHERE id = ?", [buyer.userId]);
    const response = await refund(buyer, orderId);
    expect(response.status).toBe(409);
    expect(await one("SELECT status FROM orders WHERE id = ?", [orderId])).toBe("paid");
    expect((await balance(buyer)).credits).toBe(115);
  });

  it("gives the credits back when the provider cannot refund, and a later try works", async () => {
    const buyer = await signedIn();
    const { orderId } = await buy(buyer);
    // The refund, its one retry with the same idempotency key, and the read-back of the payment.
    await simulateOutage(3);
    expect((await refund(buyer, orderId)).status).toBe(502);
    expect(await one("SELECT status FROM orders WHERE id = ?", [orderId])).toBe("paid");
    expect(await balance(buyer)).toEqual({ credits: 100, ledger: 100 });

    expect((await refund(buyer, orderId)).status).toBe(200);
    expect(await one("SELECT status FROM orders WHERE id = ?", [orderId])).toBe("refunded");
    expect(await balance(buyer)).toEqual({ credits: 0, ledger: 0 });
  });
});

/** A once-per-member code of the default site, unique to the test. */
async function onceOnlyCode(fields: { userId?: number; expiresInSeconds?: number } = {}) {
  const code = `RACE${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await sql(
    `INSERT INTO discount_codes (site_id, code, user_id, value_percentage, expires_at, status, once_per_user)
     VALUES ((SELECT id FROM sites WHERE key = 'nl-general'), ?, ?, 20, ?, 'active', 1)`,
    [code, fields.userId ?? null, fields.expiresInSeconds === undefined ? null : Math.floor(Date.now() / 1000) + fields.expiresInSeconds],
  );
  return code;
}

function orderWithCode(member: Member, discountCode: string, path = "/credits/p0/ideal") {
  return post(path, { method: path.split("/")[3]!, terms: "on", discountCode }, { cookie: member.cookie });
}

function paymentIdOf(response: Response) {
  const id = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!id) throw new Error(`no checkout: ${response.status}`);
  return id;
}

async function discountedOrders(member: { userId: number }) {
  return Number(await one("SELECT count(*) FROM orders WHERE user_id = ? AND discount_cents > 0", [member.userId]));
}

async function lookUp(member: Member, code: string, ip?: string) {
  const headers = new Headers({ Cookie: member.cookie, "CF-IPCountry": "NL" });
  if (ip) headers.set("CF-Connecting-IP", ip);
  const response = await exports.default.fetch(new Request(`http://localhost/api/discountcode.php?code=${code}`, { headers }));
  return { status: response.status, body: (await response.json()) as { error?: string; message?: string } };
}

describe("a once-only discount code", () => {
  it("gives one discount to two orders started one after the other", async () => {
    const member = await signedIn({ paidUser: true });
    const code = await onceOnlyCode();
    const first = await orderWithCode(member, code);
    expect(first.status).toBe(302);

    const second = await orderWithCode(member, code);
    expect(second.status).toBe(422);
    expect(await second.text()).toContain("Deze code hoort bij een betaling die nog niet is afgerond.");

    const paymentId = paymentIdOf(first);
    await simulatePayment(paymentId, { status: "paid" });
    await webhook(paymentId);
    const third = await orderWithCode(member, code);
    expect(third.status).toBe(422);
    expect(await third.text()).toContain("Code reeds gebruikt");
    expect(await discountedOrders(member)).toBe(1);
  });

  it("is free again once the order that held it failed", async () => {
    const member = await signedIn({ paidUser: true });
    const code = await onceOnlyCode();
    const paymentId = paymentIdOf(await orderWithCode(member, code));
    await simulatePayment(paymentId, { status: "failed" });
    await webhook(paymentId);
    const again = await orderWithCode(member, code);
    expect(again.status).toBe(302);
    await simulatePayment(paymentIdOf(again), { status: "paid" });
    await webhook(paymentIdOf(again));
    expect(Number(await one("SELECT consumed_at IS NOT NULL FROM discount_code_uses WHERE user_id = ?", [member.userId]))).toBe(1);
  });

  it("gives the welcome discount to one of four orders sent together", async () => {
    const member = await signedIn({ timeBonusSecondsLeft: 3600 });
    const responses = await Promise.all(Array.from({ length: 4 }, () => orderWithCode(member, "TIMEBONUS25", "/credits/p1/ideal")));
    expect(responses.map((r) => r.status).sort()).toEqual([302, 422, 422, 422]);
    expect(await discountedOrders(member)).toBe(1);
  });
});

describe("guessing discount codes", () => {
  it("stops a member after 10 look-ups in 10 minutes, with a translated answer", async () => {
    const member = await signedIn();
    const answers = [];
    for (let i = 0; i < 11; i += 1) answers.push(await lookUp(member, `GUESS${i}${crypto.randomUUID().slice(0, 4)}`));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(404));
    expect(answers[10]).toEqual({
      status: 429,
      body: { error: "too_many", message: "Te veel pogingen. Probeer het over 10 minuten opnieuw." },
    });
  });

  it("stops an address after 30 look-ups, whichever members it uses", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
    await sql("DELETE FROM rate_limit_events WHERE key = ?", [`discount:ip:${ip}`]);
    const members = await Promise.all(Array.from({ length: 4 }, () => signedIn()));
    const statuses = await Promise.all(
      Array.from({ length: 34 }, (_, i) => lookUp(members[i % 4]!, `GUESS${i}X`, ip).then((a) => a.status)),
    );
    expect(statuses.filter((s) => s === 429).length).toBe(4);
  });

  it("answers an ended general code as an unknown one, and tells a personal code's owner it ended", async () => {
    const member = await signedIn();
    const ended = await onceOnlyCode({ expiresInSeconds: -60 });
    expect(await lookUp(member, ended)).toEqual(await lookUp(member, "NOSUCHCODE"));
    const personal = await onceOnlyCode({ userId: member.userId, expiresInSeconds: -60 });
    expect((await lookUp(member, personal)).body.error).toBe("expired");
  });
});
