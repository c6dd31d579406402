import { lt } from "drizzle-orm";
import { schema } from "~/db/client.server";
import type { CronDeps } from "./cron-deps";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Login attempts only matter for the lock window; keep a month for abuse investigations. */
const LOGIN_ATTEMPT_DAYS = 30;
/** Rate-limit windows are at most a day long, and so is a short link's visitor record (one local day). */
const RATE_LIMIT_EVENT_DAYS = 2;

export async function pruneAbuseRecords({ db, now }: CronDeps) {
  const [attempts, events] = await db.batch([
    db.delete(schema.loginAttempts).where(lt(schema.loginAttempts.createdAt, new Date(now.getTime() - LOGIN_ATTEMPT_DAYS * DAY_MS))),
    db.delete(schema.rateLimitEvents).where(lt(schema.rateLimitEvents.createdAt, new Date(now.getTime() - RATE_LIMIT_EVENT_DAYS * DAY_MS))),
  ]);
  return { loginAttempts: attempts.rowsAffected, rateLimitEvents: events.rowsAffected };
}
