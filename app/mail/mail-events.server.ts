/**
 * What the mail provider tells us after sending (product.md §3 e-mail disabled reasons): a hard
 * bounce disables e-mail for the address with reason `bounce`, a spam complaint with reason `fbl`.
 * The member sees the disabled-notifications alert and can switch e-mail on again in
 * /notifications once the address works. Resend signs its webhooks the Svix way: an HMAC-SHA256 of
 * `id.timestamp.body` with the endpoint's `whsec_` secret.
 */
import { decodeBase64 } from "@oslojs/encoding";
import { inArray } from "drizzle-orm";
import { z } from "zod";
import { schema, type Database } from "~/db/client.server";

/** Svix refuses events older (or newer) than five minutes: a captured request cannot be replayed later. */
const TOLERANCE_SECONDS = 5 * 60;

export type SignedRequest = { id: string | null; timestamp: string | null; signature: string | null; body: string };

/** Whether the provider signed this body with our secret, within the time tolerance. */
export async function isSignedByProvider(secret: string, request: SignedRequest, now: Date): Promise<boolean> {
  const { id, timestamp, signature, body } = request;
  if (!id || !timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  let keyBytes: Uint8Array<ArrayBuffer>;
  try {
    keyBytes = new Uint8Array(decodeBase64(secret.replace(/^whsec_/, "")));
  } catch {
    return false;
  }
  const key = await crypto.subtle.importKey("raw", keyBytes, { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  // The header lists one or more "v1,<base64>" signatures (several while a secret is rotated).
  for (const candidate of signature.split(" ")) {
    const [version, value] = candidate.split(",");
    if (version !== "v1" || !value) continue;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = new Uint8Array(decodeBase64(value));
    } catch {
      continue;
    }
    if (await crypto.subtle.verify("HMAC", key, bytes, signed)) return true;
  }
  return false;
}

const recipients = z.array(z.email().max(254)).min(1).max(50);

/** The events that change an address's state; every other event type is acknowledged and ignored. */
export const mailEventSchema = z.union([
  z.object({ type: z.literal("email.bounced"), data: z.object({ to: recipients }) }),
  z.object({ type: z.literal("email.complained"), data: z.object({ to: recipients }) }),
  z.object({ type: z.string().regex(/^[a-z_.]{1,64}$/), data: z.unknown().optional() }),
]);

export type MailEvent = z.infer<typeof mailEventSchema>;

/** Disables e-mail for the event's addresses (on every site they have an account on); how many accounts changed. */
export async function applyMailEvent(db: Database, event: MailEvent): Promise<number> {
  const reason = event.type === "email.bounced" ? "bounce" : event.type === "email.complained" ? "fbl" : null;
  if (!reason) return 0;
  const { to } = (event as { data: { to: string[] } }).data;
  const updated = await db
    .update(schema.users)
    .set({ emailDisabledReason: reason })
    .where(
      inArray(
        schema.users.email,
        to.map((address) => address.toLowerCase()),
      ),
    )
    .returning({ id: schema.users.id });
  return updated.length;
}
