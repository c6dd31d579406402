import { lt } from "drizzle-orm";
import { schema } from "~/db/client.server";
import type { CronDeps } from "./cron-deps";

/** Deletes expired sessions, verification tokens and passkey challenges. */
export async function expireAuthRecords({ db, now }: CronDeps) {
  const [sessions, tokens, challenges] = await db.batch([
    db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, now)),
    db.delete(schema.verificationTokens).where(lt(schema.verificationTokens.expiresAt, now)),
    db.delete(schema.authChallenges).where(lt(schema.authChallenges.expiresAt, now)),
  ]);
  return { sessions: sessions.rowsAffected, tokens: tokens.rowsAffected, challenges: challenges.rowsAffected };
}
