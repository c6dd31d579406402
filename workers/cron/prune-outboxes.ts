import { and, inArray, lt } from "drizzle-orm";
import { schema } from "~/db/client.server";
import type { CronDeps } from "./cron-deps";

/**
 * Sent and given-up mails and texts leave the outboxes after 30 days: long enough to answer "did
 * you send me…?", short enough not to keep old links, codes and addresses around. Queued mail stays
 * until the retry job is done with it.
 */
const KEEP_DAYS = 30;

export async function pruneOutboxes({ db, now }: CronDeps) {
  const before = new Date(now.getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000);
  const [mails, texts] = await db.batch([
    db
      .delete(schema.mailOutbox)
      .where(and(lt(schema.mailOutbox.createdAt, before), inArray(schema.mailOutbox.status, ["sent", "failed", "given_up"]))),
    db.delete(schema.smsOutbox).where(lt(schema.smsOutbox.createdAt, before)),
  ]);
  return { mails: mails.rowsAffected, texts: texts.rowsAffected };
}
