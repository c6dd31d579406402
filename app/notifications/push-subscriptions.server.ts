/**
 * Storing a browser's push subscription (POST /api/user.php?push=1; ADR 026, ADR 039).
 *
 * - A member has at most MAX_PUSH_SUBSCRIPTIONS (every push goes to each of them). A new browser
 *   beyond that takes the place of the member's least recently used one (the longest without a
 *   delivered push): a member has no list of devices to tidy up, and the one dropped is most
 *   likely a browser they no longer use. The count is checked again in the INSERT itself, and
 *   both statements run in one transaction, so parallel posts never store more than the cap.
 * - An endpoint belongs to the member who stored it first until it is removed (the push service
 *   answering 404/410, account deletion, or the end of the session it was stored in: a browser
 *   signed out of the member's account gets no more of their pushes): another member posting it
 *   changes nothing. The same member posting it again (the browser renewed its keys, or signed in
 *   again) updates the keys and the session.
 *
 * Whether the endpoint is a push service's address at all is checked before (push-endpoint.ts).
 */
import { sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

export const MAX_PUSH_SUBSCRIPTIONS = 10;

export type StoreSubscriptionOutcome = "stored" | "taken" | "limit_reached";

export async function storePushSubscription(
  db: Database,
  input: { userId: number; sessionId: string; endpoint: string; p256dh: string; auth: string; now: Date },
): Promise<StoreSubscriptionOutcome> {
  const { pushSubscriptions: table } = schema;
  const { userId, endpoint } = input;
  const others = sql`(SELECT count(*) FROM ${table} WHERE user_id = ${userId} AND endpoint <> ${endpoint})`;
  const [, stored, owner] = await db.batch([
    // Room for one more: the member's least recently used subscriptions beyond the cap minus one
    // go, unless the endpoint is another member's (then nothing is stored, so nothing goes).
    db.run(sql`
      DELETE FROM ${table}
      WHERE id IN (
        SELECT id FROM ${table}
        WHERE user_id = ${userId} AND endpoint <> ${endpoint}
        ORDER BY coalesce(last_used_at, created_at), id
        LIMIT max(0, ${others} - ${MAX_PUSH_SUBSCRIPTIONS - 1})
      )
      AND NOT EXISTS (SELECT 1 FROM ${table} WHERE endpoint = ${endpoint} AND user_id <> ${userId})`),
    db.all<{ id: number }>(sql`
      INSERT INTO ${table} (user_id, session_id, endpoint, p256dh, auth, created_at)
      SELECT ${userId}, ${input.sessionId}, ${endpoint}, ${input.p256dh}, ${input.auth}, ${Math.floor(input.now.getTime() / 1000)}
      WHERE ${others} < ${MAX_PUSH_SUBSCRIPTIONS}
      ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, session_id = excluded.session_id
        WHERE ${table}.user_id = excluded.user_id
      RETURNING id`),
    db.all<{ userId: number }>(sql`SELECT user_id AS userId FROM ${table} WHERE endpoint = ${endpoint}`),
  ]);
  if (stored.length > 0) return "stored";
  return owner.length > 0 && Number(owner[0]?.userId) !== userId ? "taken" : "limit_reached";
}
