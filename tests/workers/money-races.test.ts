/**
 * Money rules under requests that arrive together (issue 26): a limit is checked and recorded in
 * the same statement, so sending the requests side by side gets no more than sending them one
 * after the other. The member keeps either the credits or the money, a once-only code gives one
 * discount, and the direct-debit limit holds under parallel checkouts.
 */
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
    await simulateOutage(1);
    expect((await refund(buyer, orderId)).status).toBe(502);
    expect(await one("SELECT status FROM orders WHERE id = ?", [orderId])).toBe("paid");
    expect(await balance(buyer)).toEqual({ credits: 100, ledger: 100 });

    expect((await refund(buyer, orderId)).status).toBe(200);
    expect(await one("SELECT status FROM orders WHERE id = ?", [orderId])).toBe("refunded");
    expect(await balance(buyer)).toEqual({ credits: 0, ledger: 0 });
  });
});
