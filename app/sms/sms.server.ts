/**
 * Sending text messages (the direct-debit codes). Every text is recorded in `sms_outbox` first,
 * then handed to the configured provider and marked `sent` or `failed` (with the error); the
 * outbox provider leaves it `recorded`, to be read at /dev/sms. A text is not retried: the codes
 * it carries expire within minutes, and the member asks for a new one instead.
 */
import { desc, eq } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { SmsDeliveryError, type SmsProvider } from "./providers/provider.server";
import { smsProviderFor } from "./providers/select.server";

const { smsOutbox } = schema;

export type SmsStatus = (typeof smsOutbox.$inferSelect)["status"];

/** Who sends: the provider, and the site the text is sent for (its name is the default sender). */
export type SmsSender = {
  provider: SmsProvider;
  siteId: number;
  siteName: string;
  /** What the phone shows as the sender. */
  originator: string;
};

/**
 * The sender shown on the phone: SMS_ORIGINATOR, else the site's name in the 11 letters and digits
 * an alphanumeric sender may have.
 */
export function originatorFor(configured: string | undefined, siteName: string): string {
  if (configured) return configured;
  const name = siteName
    .replace(/ß/g, "ss")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9 ]/g, "")
    .trim()
    .slice(0, 11)
    .trim();
  return name || "Info";
}

export function smsSenderFor(env: AppEnv, site: { id: number; name: string }, provider: SmsProvider = smsProviderFor(env)): SmsSender {
  return { provider, siteId: site.id, siteName: site.name, originator: originatorFor(env.SMS_ORIGINATOR, site.name) };
}

/** Records the text and delivers it; resolves with the outbox row and how it went (never throws for a failed delivery). */
export async function sendSms(
  db: Database,
  sender: SmsSender,
  input: { userId: number | null; to: string; body: string; now: Date },
): Promise<{ id: number; status: SmsStatus }> {
  const [row] = await db
    .insert(smsOutbox)
    .values({ siteId: sender.siteId, userId: input.userId, toNumber: input.to, body: input.body, status: "recorded", createdAt: input.now })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error("the text was not recorded");
  try {
    await sender.provider.send({ to: input.to, originator: sender.originator, body: input.body, reference: `sms-${row.id}` });
  } catch (error) {
    if (!(error instanceof SmsDeliveryError)) throw error;
    console.error(`sms ${row.id} could not be delivered: ${error.message}`);
    await db
      .update(smsOutbox)
      .set({ status: "failed", lastError: error.message.slice(0, 1000) })
      .where(eq(smsOutbox.id, row.id));
    return { id: row.id, status: "failed" };
  }
  if (sender.provider.name === "outbox") return { id: row.id, status: "recorded" };
  await db.update(smsOutbox).set({ status: "sent", lastError: null }).where(eq(smsOutbox.id, row.id));
  return { id: row.id, status: "sent" };
}

/** The development page (/dev/sms): a site's latest texts, newest first. */
export async function latestSms(db: Database, siteId: number, limit = 50) {
  return db
    .select({
      id: smsOutbox.id,
      to: smsOutbox.toNumber,
      body: smsOutbox.body,
      status: smsOutbox.status,
      lastError: smsOutbox.lastError,
      createdAt: smsOutbox.createdAt,
    })
    .from(smsOutbox)
    .where(eq(smsOutbox.siteId, siteId))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
}
