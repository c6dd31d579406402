/**
 * A moderator bans a member (ADR 038): the account's status becomes `banned` — from then on it
 * cannot sign in, reset its password or sign up again with its address, and its profile is gone
 * from search, likes and chats (every such read wants a `confirmed` account) — every session of the
 * account ends, and its open live-chat sockets close. Applied and recorded in one batch (ADR 013).
 * Only members are banned (not moderators), only on the moderator's own site, and only accounts in
 * use: a deleted one is left to its erasure.
 */
import { sql } from "drizzle-orm";
import { closeSessionSockets, type SessionEndDeps } from "~/accounts/session-end.server";
import { recordIfChanged } from "./audit.server";

/** False when the profile is not this site's, not a member's in use, or already banned. */
export async function banMember(
  deps: SessionEndDeps,
  input: { siteId: number; moderatorUserId: number; profileId: number },
): Promise<boolean> {
  const { db } = deps;
  const owner = sql`(SELECT user_id FROM profiles WHERE id = ${input.profileId} AND site_id = ${input.siteId})`;
  const [banned] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE users SET status = 'banned'
      WHERE id = ${owner} AND role = 'member' AND status IN ('confirmed', 'not_confirmed')
      RETURNING id`),
    recordIfChanged(db, {
      siteId: input.siteId,
      moderatorUserId: input.moderatorUserId,
      targetType: "profile",
      targetId: input.profileId,
      action: "ban",
    }),
    db.run(sql`DELETE FROM sessions WHERE user_id = ${owner} AND user_id IN (SELECT id FROM users WHERE status = 'banned')`),
  ]);
  const [user] = banned;
  if (!user) return false;
  await closeSessionSockets(deps, { userId: user.id, profileId: input.profileId }, "all");
  return true;
}
