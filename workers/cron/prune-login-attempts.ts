import { lt } from "drizzle-orm";
import { schema } from "~/db/client.server";
import type { CronDeps } from "./registry";

const KEEP_DAYS = 30;

/** Login attempts only matter for the lock window; keep a month for abuse investigations. */
export async function pruneLoginAttempts({ db, now }: CronDeps) {
  const cutoff = new Date(now.getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000);
  const result = await db.delete(schema.loginAttempts).where(lt(schema.loginAttempts.createdAt, cutoff));
  return { deleted: result.rowsAffected };
}
