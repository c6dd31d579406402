/**
 * The books (issue 30): what must always hold between balances, the ledger and the orders, as SQL
 * that names each problem in a row of its own. The nightly job runs it through the app's database
 * (books.server.ts); a workerd test runs the very same statements over HTTP for its own members.
 *
 * - every member's balance is the sum of their ledger rows (a charge-back that found the balance
 *   short records what it really took; the rest is `credit_debt`);
 * - every paid order (paid, refunded or charged back since) has exactly one credit `order:<id>` of
 *   its credits, and no other order has one;
 * - every charged-back order has exactly one debit `chargeback:<id>`, and an order whose
 *   charge-back was reversed (`chargeback-reversed:<id>`) is not charged back any more;
 * - every refunded order has exactly one refund debit that was not given back (`refund:<id>…` less
 *   `refund-failed:<id>:…`), and a paid order without a refund in flight none.
 */

/** At most this many problems of each kind are named, the newest first. */
export const BOOKS_EXAMPLES = 20;

/** The statements of the check, each returning `problem` rows; `userIds` limits them to those members. */
export function booksQueries(userIds?: readonly number[]): string[] {
  if (userIds?.some((id) => !Number.isSafeInteger(id))) throw new Error("user ids must be integers");
  const members = userIds ? `u.id IN (${userIds.join(", ") || "NULL"})` : "1";
  const ofMembers = userIds ? `o.user_id IN (${userIds.join(", ") || "NULL"})` : "1";
  const count = (where: string) => `(SELECT count(*) FROM credit_ledger WHERE ${where})`;
  const refundsOutstanding = `${count(`cause_key = 'refund:' || o.id OR cause_key LIKE 'refund:' || o.id || ':%'`)} - ${count(`cause_key LIKE 'refund-failed:' || o.id || ':%'`)}`;
  const credited = "o.status IN ('paid', 'refunded', 'charged_back')";
  return [
    `SELECT 'user ' || u.id || ' has ' || u.credits || ' credits, their ledger adds up to ' || coalesce(l.total, 0) AS problem
     FROM users u LEFT JOIN (SELECT user_id, sum(delta) AS total FROM credit_ledger GROUP BY user_id) l ON l.user_id = u.id
     WHERE ${members} AND u.credits != coalesce(l.total, 0)
     ORDER BY u.id DESC
     LIMIT ${BOOKS_EXAMPLES}`,
    `SELECT 'order ' || o.id || ' (' || o.status || ', ' || o.credits || ' credits) has ' || count(l.id) || ' credit rows of ' || coalesce(sum(l.delta), 0) || ' in all' AS problem
     FROM orders o LEFT JOIN credit_ledger l ON l.cause_key = 'order:' || o.id
     WHERE ${ofMembers}
     GROUP BY o.id
     HAVING (${credited} AND (count(l.id) != 1 OR sum(l.delta) != o.credits)) OR (NOT ${credited} AND count(l.id) > 0)
     ORDER BY o.id DESC
     LIMIT ${BOOKS_EXAMPLES}`,
    `SELECT 'order ' || o.id || ' (' || o.status || ') has ' || ${count(`cause_key = 'chargeback:' || o.id`)} || ' charge-back debits and '
       || ${count(`cause_key = 'chargeback-reversed:' || o.id`)} || ' reversals' AS problem
     FROM orders o
     WHERE ${ofMembers} AND (
       (o.status = 'charged_back' AND (${count(`cause_key = 'chargeback:' || o.id`)} != 1 OR ${count(`cause_key = 'chargeback-reversed:' || o.id`)} > 0))
       OR (o.status != 'charged_back' AND ${count(`cause_key = 'chargeback:' || o.id`)} != ${count(`cause_key = 'chargeback-reversed:' || o.id`)}))
     ORDER BY o.id DESC
     LIMIT ${BOOKS_EXAMPLES}`,
    `SELECT 'order ' || o.id || ' (' || o.status || ') has ' || (${refundsOutstanding}) || ' refund debits not given back' AS problem
     FROM orders o
     WHERE ${ofMembers} AND (
       (o.status = 'refunded' AND (${refundsOutstanding}) != 1)
       OR (o.status = 'paid' AND o.refunded_at IS NULL AND (${refundsOutstanding}) != 0))
     ORDER BY o.id DESC
     LIMIT ${BOOKS_EXAMPLES}`,
  ];
}
