/**
 * The soak benchmark's books (soak.ts), read from the database and the Mollie simulator once the
 * load has stopped and the faults are off:
 * - every member's balance equals the sum of their ledger rows (users.credits = sum(delta));
 * - every paid order is credited exactly once with its credits (one ledger row `order:<id>`), no
 *   unpaid one at all;
 * - the orders are in step with the provider: a payment paid at the simulator is a paid order,
 *   any other is not;
 * - every chat message the server accepted exists exactly once and is charged once, none it
 *   refused exists, one never answered exists at most once (and is charged as often as it exists).
 */
import type { Client } from "@libsql/client";

/** What a client learned of a message it sent: accepted (200, or the redirect into the chat), refused (4xx), or never answered. */
export type MessageFate = "accepted" | "refused" | "unknown";

export type Check = { name: string; ok: boolean; detail: string };

/** Every payment at the simulator: Mollie's lists come in pages (at most 250), followed by their `next` links. */
export async function simulatorPayments(mollieApiUrl: string) {
  const payments: { id: string; status: string; webhookUrl: string | null }[] = [];
  for (let url: string | null = `${mollieApiUrl}/payments?limit=250`; url; ) {
    const response = await fetch(url, { headers: { Authorization: "Bearer test_simulator" } });
    if (!response.ok) throw new Error(`the simulator's payments: HTTP ${response.status}`);
    const page = (await response.json()) as {
      _embedded: { payments: { id: string; status: string; webhookUrl: string | null }[] };
      _links: { next: { href: string } | null };
    };
    payments.push(...page._embedded.payments);
    url = page._links.next?.href ?? null;
  }
  return payments;
}

export async function checkBooks(
  db: Client,
  input: {
    /** The members whose messages were sent. */
    members: { userId: number; profileId: number }[];
    /** Every message sent, by client key. */
    messages: Map<string, { profileId: number; fate: MessageFate }>;
    /** The simulator's API ("…/v2"). */
    mollieApiUrl: string;
  },
): Promise<Check[]> {
  const { members, messages, mollieApiUrl } = input;
  const rows = async <T>(sql: string, args: (string | number)[] = []) => (await db.execute({ sql, args })).rows as unknown as T[];
  const checks: Check[] = [];

  // 1. Every balance is the sum of its ledger rows.
  const [users] = await rows<{ n: number }>("SELECT count(*) AS n FROM users");
  const unbalanced = await rows<{ id: number; email: string; credits: number; ledger: number }>(
    `SELECT u.id, u.email, u.credits, coalesce((SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = u.id), 0) AS ledger
     FROM users u WHERE u.credits != coalesce((SELECT sum(delta) FROM credit_ledger l WHERE l.user_id = u.id), 0)`,
  );
  checks.push({
    name: "balances",
    ok: unbalanced.length === 0,
    detail:
      unbalanced.length === 0
        ? `all ${users!.n} members: users.credits = sum(credit_ledger.delta)`
        : `${unbalanced.length} of ${users!.n} differ: ${unbalanced
            .slice(0, 5)
            .map((u) => `user ${u.id} has ${u.credits}, ledger ${u.ledger}`)
            .join("; ")}`,
  });

  // 2. Orders: a paid one credited exactly once with its credits, an unpaid one not at all.
  const orders = await rows<{ id: number; status: string; credits: number; entries: number; credited: number | null }>(
    `SELECT o.id, o.status, o.credits,
            (SELECT count(*) FROM credit_ledger WHERE cause_key = 'order:' || o.id) AS entries,
            (SELECT sum(delta) FROM credit_ledger WHERE cause_key = 'order:' || o.id) AS credited
     FROM orders o`,
  );
  const creditedStatuses = new Set(["paid", "refunded", "charged_back"]);
  const paid = orders.filter((o) => creditedStatuses.has(o.status));
  const wrongPaid = paid.filter((o) => Number(o.entries) !== 1 || Number(o.credited) !== Number(o.credits));
  const unpaid = orders.filter((o) => !creditedStatuses.has(o.status));
  const wrongUnpaid = unpaid.filter((o) => Number(o.entries) !== 0);
  const counted = new Map<string, number>();
  for (const o of orders) counted.set(o.status, (counted.get(o.status) ?? 0) + 1);
  const byStatus = [...counted].map(([status, n]) => `${n} ${status}`).join(", ");
  checks.push({
    name: "orders credited once",
    ok: wrongPaid.length === 0 && wrongUnpaid.length === 0,
    detail:
      `${orders.length} orders (${byStatus}): ` +
      (wrongPaid.length === 0 ? `each paid one has one ledger row order:<id> with its credits` : `${wrongPaid.length} paid ones wrong`) +
      (wrongUnpaid.length === 0 ? ", no unpaid one credited" : `, ${wrongUnpaid.length} unpaid ones credited`) +
      [...wrongPaid, ...wrongUnpaid]
        .slice(0, 5)
        .map((o) => `; order ${o.id} ${o.status}: ${o.entries} rows, ${o.credited ?? 0} of ${o.credits} credits`)
        .join(""),
  });

  // 3. The app's orders in step with the provider: an order is credited exactly when one of its
  // payments is paid at the simulator; a payment paid there that the app does not know is lost money.
  const remote = await simulatorPayments(mollieApiUrl);
  const paidAtBank = new Set(remote.filter((payment) => payment.status === "paid").map((payment) => payment.id));
  const atSimulator = new Set(remote.map((payment) => payment.id));
  const everyLocal = await rows<{ provider_payment_id: string; order_id: number }>("SELECT provider_payment_id, order_id FROM payments");
  const known = new Set(everyLocal.map((row) => row.provider_payment_id));
  // Payments the simulator never saw (the seeded history) are not for it to judge.
  const local = everyLocal.filter((row) => atSimulator.has(row.provider_payment_id));
  const ordersPaidAtBank = new Set(local.filter((row) => paidAtBank.has(row.provider_payment_id)).map((row) => Number(row.order_id)));
  const withPayments = new Set(local.map((row) => Number(row.order_id)));
  const outOfStep = orders
    .filter((o) => withPayments.has(Number(o.id)))
    .filter((o) => ordersPaidAtBank.has(Number(o.id)) !== creditedStatuses.has(o.status))
    .map((o) => `order ${o.id} ${o.status}, ${ordersPaidAtBank.has(Number(o.id)) ? "paid" : "not paid"} at the simulator`);
  const paidUnknown = [...paidAtBank].filter((id) => !known.has(id)).map((id) => `${id} paid at the simulator, unknown to the app`);
  const unknownToApp = remote.filter((payment) => !known.has(payment.id)).length;
  checks.push({
    name: "orders in step with Mollie",
    ok: outOfStep.length === 0 && paidUnknown.length === 0,
    detail:
      (outOfStep.length === 0 && paidUnknown.length === 0
        ? `each of ${withPayments.size} orders with a payment at the simulator is paid exactly when the simulator says so`
        : `${outOfStep.length + paidUnknown.length} out of step: ${[...outOfStep, ...paidUnknown].slice(0, 5).join("; ")}`) +
      (unknownToApp > 0 ? ` (${unknownToApp} payments created at the simulator whose answer the app never got)` : ""),
  });

  // 4. Messages: each accepted one stored and charged exactly once, no refused one stored.
  const profileIds = members.map((member) => member.profileId);
  const stored = new Map<string, number>();
  for (const row of await rows<{ sender_id: number; client_key: string; n: number }>(
    `SELECT sender_id, client_key, count(*) AS n FROM messages WHERE sender_id IN (${profileIds.join(",")}) AND client_key IS NOT NULL GROUP BY sender_id, client_key`,
  ))
    stored.set(`${row.sender_id}:${row.client_key}`, Number(row.n));
  const charged = new Map<string, number>();
  for (const row of await rows<{ cause_key: string; n: number }>(
    `SELECT cause_key, count(*) AS n FROM credit_ledger WHERE user_id IN (${members.map((m) => m.userId).join(",")}) AND cause_key LIKE 'message:%' GROUP BY cause_key`,
  ))
    charged.set(row.cause_key, Number(row.n));
  const fates = { accepted: 0, refused: 0, unknown: 0 };
  const problems: string[] = [];
  let unknownStored = 0;
  for (const [key, { profileId, fate }] of messages) {
    fates[fate]++;
    const n = stored.get(`${profileId}:${key}`) ?? 0;
    const paidFor = charged.get(`message:${profileId}:${key}`) ?? 0;
    if (fate === "accepted" && n !== 1) problems.push(`${key} accepted, stored ${n}×`);
    if (fate === "refused" && n !== 0) problems.push(`${key} refused, stored ${n}×`);
    if (fate === "unknown" && n > 1) problems.push(`${key} unanswered, stored ${n}×`);
    if (fate === "unknown" && n === 1) unknownStored++;
    if (paidFor !== n) problems.push(`${key} stored ${n}×, charged ${paidFor}×`);
  }
  const sent = new Set([...messages].map(([key, { profileId }]) => `${profileId}:${key}`));
  for (const key of stored.keys()) if (!sent.has(key)) problems.push(`${key.split(":")[1]} stored, never sent`);
  checks.push({
    name: "messages neither lost nor doubled",
    ok: problems.length === 0,
    detail:
      `${messages.size} sent: ${fates.accepted} accepted (each stored and charged once), ${fates.refused} refused (none stored)` +
      (fates.unknown > 0 ? `, ${fates.unknown} never answered (${unknownStored} stored once, the rest not at all)` : "") +
      (problems.length > 0 ? `; ${problems.length} wrong: ${problems.slice(0, 5).join("; ")}` : ""),
  });
  return checks;
}
