/**
 * The about-me queue of /moderation. A text is waiting for review until a moderator approved
 * exactly this wording: the approval is recorded with the text it approved, so a member who
 * changes the text puts it back in the queue — without a "pending text" state on the profile.
 * Fictional profiles are the operator's own and not reviewed here.
 */
import { and, desc, eq, isNotNull, ne, type SQL, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { recordIfChanged } from "./audit.server";

const { profiles, moderationActions } = schema;

export type ProfileText = { profileId: number; name: string; aboutMe: string };

function waitingTexts(siteId: number) {
  return and(
    eq(profiles.siteId, siteId),
    ne(profiles.status, "deleted"),
    eq(profiles.fictional, false),
    isNotNull(profiles.aboutMe),
    ne(profiles.aboutMe, ""),
    sql`NOT EXISTS (
      SELECT 1 FROM ${moderationActions}
      WHERE ${moderationActions.targetType} = 'profile_text' AND ${moderationActions.targetId} = ${profiles.id}
        AND ${moderationActions.action} = 'approve_text' AND ${moderationActions.reason} = ${profiles.aboutMe})`,
  );
}

/** About-me texts not yet approved in their current wording, most recently active members first. */
export async function listWaitingProfileTexts(db: Database, siteId: number, limit = 20): Promise<{ texts: ProfileText[]; total: number }> {
  const [rows, [count]] = await db.batch([
    db
      .select({ profileId: profiles.id, name: profiles.name, aboutMe: profiles.aboutMe })
      .from(profiles)
      .where(waitingTexts(siteId))
      .orderBy(desc(profiles.lastActiveAt), desc(profiles.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)` }).from(profiles).where(waitingTexts(siteId)),
  ]);
  return {
    total: Number(count?.total ?? 0),
    texts: rows.map((row) => ({ profileId: row.profileId, name: row.name, aboutMe: row.aboutMe ?? "" })),
  };
}

type TextReview = { siteId: number; moderatorUserId: number; profileId: number };

/** Approves the text as it is now (the record keeps the approved wording). */
export function approveProfileText(db: Database, review: TextReview & { aboutMe: string }): Promise<boolean> {
  // A no-op update that only matches while the text is still the one the moderator read.
  return reviewText(db, review, "approve_text", sql`about_me`);
}

/** Removes a member's about-me text; the record keeps what was removed. */
export function removeProfileText(db: Database, review: TextReview & { aboutMe: string }): Promise<boolean> {
  return reviewText(db, review, "remove_text", sql`NULL`);
}

/**
 * Sets the about-me to `next` while it still is the text the moderator read, and records the
 * decision with that text; false when the member changed it in the meantime.
 */
async function reviewText(db: Database, review: TextReview & { aboutMe: string }, action: "approve_text" | "remove_text", next: SQL) {
  const [updated] = await db.batch([
    db.all<{ id: number }>(sql`
      UPDATE profiles SET about_me = ${next}
      WHERE id = ${review.profileId} AND site_id = ${review.siteId} AND about_me = ${review.aboutMe}
      RETURNING id`),
    recordIfChanged(db, { ...pick(review), targetType: "profile_text", targetId: review.profileId, action, reason: review.aboutMe }),
  ]);
  return updated.length === 1;
}

const pick = (review: TextReview) => ({ siteId: review.siteId, moderatorUserId: review.moderatorUserId });
