/**
 * A moderator bans a member (ADR 038): the account's status becomes `banned` — from then on it
 * cannot sign in, reset its password or sign up again with its address, and its profile is gone
 * from search, likes and chats (every such read wants a `confirmed` account) — every session of the
 * account ends, and its open live-chat sockets close. Applied and recorded in one batch (ADR 013),
 * with the member's notice (ADR 053) written in that batch too, only when the ban happens (ADR 056).
 * Only members are banned (not moderators), only on the moderator's own site, and only accounts in
 * use: a deleted one is left to its erasure.
 */
import { sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { closeSessionSockets, type SessionEndDeps } from "~/accounts/session-end.server";
import type { Database } from "~/db/client.server";
import type { BatchMail } from "~/mail/mail.server";
import { recordIfChanged } from "./audit.server";

export type BanInput = { siteId: number; moderatorUserId: number; profileId: number };

/**
 * The ban's statements, for a batch of its own or of the decision it is part of; `outcome` reads
 * what they did from that batch's results, given where the first of them stands in it.
 */
export function banInBatch(db: Database, input: BanInput, notice?: BatchMail["statement"]) {
  const owner = sql`(SELECT user_id FROM profiles WHERE id = ${input.profileId} AND site_id = ${input.siteId})`;
  const statements: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [
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
    // The notice, recorded only when the entry before it was (the ban happened).
    ...(notice ? [notice] : []),
    db.run(sql`DELETE FROM sessions WHERE user_id = ${owner} AND user_id IN (SELECT id FROM users WHERE status = 'banned')`),
  ];
  const outcome = (results: unknown[], at: number) => {
    const [user] = results[at] as { id: number }[];
    return { userId: user?.id ?? null, notice: notice ? (results[at + 2] as { id: number }[]) : [] };
  };
  return { statements, outcome };
}

/** After the batch: the notice starts on its way, and the banned member's open sockets close. False when nothing was banned. */
export async function afterBan(
  deps: SessionEndDeps,
  input: BanInput,
  outcome: { userId: number | null; notice: { id: number }[] },
  notice?: BatchMail,
): Promise<boolean> {
  if (outcome.userId === null) return false;
  await notice?.deliver(outcome.notice);
  await closeSessionSockets(deps, { userId: outcome.userId, profileId: input.profileId }, "all");
  return true;
}

/** False when the profile is not this site's, not a member's in use, or already banned. */
export async function banMember(deps: SessionEndDeps, input: BanInput, notice?: BatchMail): Promise<boolean> {
  const ban = banInBatch(deps.db, input, notice?.statement);
  const results = await deps.db.batch(ban.statements);
  return afterBan(deps, input, ban.outcome(results, 0), notice);
}
