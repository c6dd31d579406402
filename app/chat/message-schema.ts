/**
 * What a member sends in a chat: a text or a gift, with a client key so a resent form is stored
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
  ]);
}

export type MessageInput = z.output<ReturnType<typeof messageSchema>>;
