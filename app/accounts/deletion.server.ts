/**
 * Account deletion (PRODUCT.md): a deleted account stays recoverable for the site's grace period
 * (14 days) by logging in or through the e-mail link; afterwards a nightly job erases it.
 */
import { and, eq, gt } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";

export const DELETION_GRACE_DAYS = 14;

/** Restores a deleted account still within its grace period; false when it is too late. */
export async function reactivateIfRecoverable(db: Database, userId: number, now: Date, graceDays = DELETION_GRACE_DAYS) {
  const cutoff = new Date(now.getTime() - graceDays * 24 * 60 * 60 * 1000);
  const user = await db.query.users.findFirst({
    where: and(eq(schema.users.id, userId), eq(schema.users.status, "deleted"), gt(schema.users.deletedAt, cutoff)),
  });
  if (!user) return false;
  const confirmed = user.confirmedAt !== null;
  await db.batch([
    db
      .update(schema.users)
      .set({ status: confirmed ? "confirmed" : "not_confirmed", deletedAt: null, deleteReason: null, deleteRemarks: null, lastSeenAt: now })
      .where(eq(schema.users.id, userId)),
    db
      .update(schema.profiles)
      .set({ status: confirmed ? "active" : "disabled" })
      .where(eq(schema.profiles.userId, userId)),
  ]);
  return true;
}
