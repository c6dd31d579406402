/**
 * The member as `GET /api/user.php` describes it (product.md §3 "User"): never secrets, never the
 * password hash or session, only what the member's own app needs.
 */
import { and, eq, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { CurrentUser } from "./current-user.server";

export async function publicUser(db: Database, user: CurrentUser) {
  // One round trip (ADR 047): the main photo by the profile's own column, as a subquery.
  const [preferences, profile, mainPhoto] = await db.batch([
    db
      .select({ type: schema.notificationPreferences.type, channel: schema.notificationPreferences.channel })
      .from(schema.notificationPreferences)
      .where(and(eq(schema.notificationPreferences.userId, user.id), eq(schema.notificationPreferences.enabled, false))),
    db.query.profiles.findFirst({ where: eq(schema.profiles.userId, user.id) }),
    db.query.photos.findFirst({
      where: eq(schema.photos.id, sql`(SELECT own.main_photo_id FROM ${schema.profiles} own WHERE own.user_id = ${user.id})`),
    }),
  ]);
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupAt.toISOString(),
    language: user.language,
    invisible: user.invisible,
    notifications_disabled: preferences.map((p) => `${p.channel}:${p.type}`),
    email_disabled_reason: user.emailDisabledReason,
    profile: profile
      ? {
          id: profile.id,
          name: profile.name,
          country: profile.country,
          status: profile.status,
          gender: profile.gender,
          sexuality: profile.sexuality,
          main_image: mainPhoto
            ? {
                filename: `/${mainPhoto.objectKey}`,
                thumb_filename: `/${mainPhoto.thumbKey}`,
                status: mainPhoto.status,
                match: `/${mainPhoto.thumbKey}`,
              }
            : null,
        }
      : null,
  };
}
