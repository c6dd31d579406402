/**
 * What a member sends in a chat: a text, a gift or a GIF, with a client key so a resent form is stored
 * (and paid for) once. The server validates both; the browser's composer validates the text half
 * (message-text-schema.ts) with the same rules. Messages are locale keys.
 */
import { z } from "zod/mini";
import { giftCatalogue } from "~/profiles/profile-fields";
import { clientKeySchema, textMessageSchema } from "./message-text-schema";

export const giftKeys = giftCatalogue.map((gift) => gift.key) as [string, ...string[]];

export function messageSchema(maxLength: number) {
  return z.discriminatedUnion("intent", [
    textMessageSchema(maxLength),
    z.object({
      intent: z.literal("gift"),
      clientKey: clientKeySchema,
      gift: z.enum(giftKeys, { error: "chat:errors.unknownGift" }),
    }),
    z.object({
      intent: z.literal("gif"),
      clientKey: clientKeySchema,
      /** The GIF's address as the GIF search offered it; the provider decides whether it is one of its own. */
      gif: z
        .string({ error: "chat:errors.unknownGif" })
        .check(z.minLength(1, { error: "chat:errors.unknownGif" }), z.maxLength(512, { error: "chat:errors.unknownGif" })),
    }),
  ]);
}

export type MessageInput = z.output<ReturnType<typeof messageSchema>>;
