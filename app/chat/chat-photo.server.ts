/**
 * A photo sent in a chat (product.md §10 "Photos in chat"): the upload goes through the photo
 * pipeline (docs/decisions/011: sniffed, re-encoded, no EXIF/GPS, random R2 keys) and is then sent
 * as a message through the one paid path (`sendMessage`), costing the site's `photo_credits` once.
 * What the member cannot send (no credits, the cap, an unconfirmed address) is refused before the
 * image is decoded; whatever is refused after it was stored is removed from R2 again. The photo is
 * stored before the message is sent and paid: when R2 fails or does not answer in time, the member
 * gets `storage_unavailable` (503) and no message, no row and no charge come of it (ADR 044). A photo
 * a moderator rejected as stolen, scam or illegal is refused by its fingerprint, as on a profile (ADR 053).
 */
import { z } from "zod";
import type { Database } from "~/db/client.server";
import type { PhotoError } from "~/photos/photo-api";
import { matchFingerprint } from "~/photos/fingerprint-match.server";
import { discardPhotoObjects, type StorageOptions } from "~/photos/storage.server";
import { processAndStore, readUpload } from "~/photos/upload.server";
import type { SiteSettings } from "~/sites/site-settings";
import { balanceOf } from "~/credits/ledger.server";
import { clientKeySchema } from "./message-text-schema";
import { alreadySent, sendMessage, type Destination, type SendOutcome } from "./send-message.server";

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The form fields beside the file: the conversation (or the member a first message goes to) and the client key. */
export const chatPhotoFieldsSchema = z.union([
  z.object({ conversation: id, clientKey: clientKeySchema }),
  z.object({ profile: id, clientKey: clientKeySchema }),
]);

export type ChatPhotoOutcome = SendOutcome | { status: "photo_refused"; error: PhotoError; httpStatus: number };

export async function sendChatPhoto(
  deps: { db: Database; bucket: R2Bucket; waitUntil?: StorageOptions["waitUntil"] },
  input: {
    request: Request;
    sender: Parameters<typeof sendMessage>[1]["sender"];
    siteId: number;
    settings: Pick<SiteSettings, "messageCredits" | "giftCredits" | "photoCredits" | "spamHold">;
    now: Date;
  },
): Promise<ChatPhotoOutcome> {
  const { db, bucket } = deps;
  const { sender, settings } = input;
  const upload = await readUpload(input.request);
  if (!upload.ok) return { status: "photo_refused", error: upload.error, httpStatus: upload.status };
  const fields = chatPhotoFieldsSchema.safeParse(Object.fromEntries(upload.form));
  if (!fields.success) return { status: "photo_refused", error: "invalid", httpStatus: 400 };
  const to: Destination =
    "conversation" in fields.data ? { conversationId: fields.data.conversation } : { partnerProfileId: fields.data.profile };

  // Spares the decoding when the send would be refused anyway (a resent form is answered as sent
  // by sendMessage, which decides for good).
  const resent = await alreadySent(db, sender, fields.data.clientKey);
  if (resent) return resent;
  if (sender.status !== "confirmed") return { status: "unconfirmed" };
  if (sender.spendingBlocked) return { status: "spending_blocked" };
  const balance = await balanceOf(db, sender.id);
  if (balance < settings.photoCredits) return { status: "insufficient_credits", cost: settings.photoCredits, balance };

  const stored = await processAndStore(bucket, upload.file, {
    waitUntil: deps.waitUntil,
    // A photo a moderator rejected as stolen, scam or illegal is not sent in a chat either (ADR 053).
    screen: async (fingerprint) =>
      (await matchFingerprint(db, { fingerprint, profileId: sender.profileId })).banned
        ? { ok: false as const, error: "banned_photo" as const, status: 422 }
        : null,
  });
  if (!stored.ok) return { status: "photo_refused", error: stored.error, httpStatus: stored.status };
  const { keys, full } = stored;
  let outcome: SendOutcome;
  try {
    outcome = await sendMessage(db, {
      sender,
      to,
      message: { intent: "photo", clientKey: fields.data.clientKey, photo: { ...keys, width: full.width, height: full.height } },
      siteId: input.siteId,
      settings,
      now: input.now,
    });
  } catch (error) {
    await discardPhotoObjects(bucket, [keys.objectKey, keys.thumbKey]);
    throw error;
  }
  // Not sent, or a resent form whose first upload is the photo: this copy is not needed.
  if (outcome.status !== "sent" || outcome.resent) await discardPhotoObjects(bucket, [keys.objectKey, keys.thumbKey]);
  return outcome;
}
