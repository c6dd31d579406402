/**
 * What a member sends in a chat: a text or a gift, with a client key so a resent form is stored
 * (and paid for) once. One schema for the browser (Conform) and the server; messages are locale keys.
 */
import { z } from "zod";
import { giftCatalogue } from "~/profiles/profile-fields";

export const giftKeys = giftCatalogue.map((gift) => gift.key) as [string, ...string[]];

/** Letters, digits and dashes: `crypto.randomUUID()` in the browser, or the loader's token. */
const clientKey = z.string({ error: "messages.generic" }).regex(/^[A-Za-z0-9-]{16,64}$/, { error: "messages.generic" });

/** Control characters other than line breaks and tabs never reach the other member. */
export function cleanMessageText(value: string): string {
  return value
    .replace(/\r\n?/g, "\n")
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

export function messageSchema(maxLength: number) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("text"),
      clientKey,
      body: z
        .string({ error: "chat:errors.empty" })
        .transform(cleanMessageText)
        .pipe(
          z
            .string()
            .min(1, { error: "chat:errors.empty" })
            .max(maxLength, { error: "chat:errors.tooLong" }),
        ),
    }),
    z.object({
      intent: z.literal("gift"),
      clientKey,
      gift: z.enum(giftKeys, { error: "chat:errors.unknownGift" }),
    }),
  ]);
}

export type MessageInput = z.output<ReturnType<typeof messageSchema>>;
