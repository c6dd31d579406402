/**
 * What a member sends in a chat: a text or a gift, with a client key so a resent form is stored
 * (and paid for) once. One schema for the browser (Conform) and the server; messages are locale keys.
 */
import { z } from "zod";
import { giftCatalogue } from "~/profiles/profile-fields";
import { cleanParagraphs } from "~/utils/clean-text";

export const giftKeys = giftCatalogue.map((gift) => gift.key) as [string, ...string[]];

/** Letters, digits and dashes: `crypto.randomUUID()` in the browser, or the loader's token. */
const clientKey = z.string({ error: "messages.generic" }).regex(/^[A-Za-z0-9-]{16,64}$/, { error: "messages.generic" });

export function messageSchema(maxLength: number) {
  return z.discriminatedUnion("intent", [
    z.object({
      intent: z.literal("text"),
      clientKey,
      body: z
        .string({ error: "chat:errors.empty" })
        .transform(cleanParagraphs)
        .pipe(
          z.string({ error: "chat:errors.empty" }).min(1, { error: "chat:errors.empty" }).max(maxLength, { error: "chat:errors.tooLong" }),
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
