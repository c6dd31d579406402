/**
 * The composer's half of the message schema (message-schema.ts): a text message with its client
 * key. Kept apart from the gifts so the chat pages do not ship the gift catalogue to the browser.
 */
import { z } from "zod/mini";
import { cleanParagraphs } from "~/utils/clean-text";

/** Letters, digits and dashes: `crypto.randomUUID()` in the browser, or the loader's token. */
export const clientKeySchema = z
  .string({ error: "messages.generic" })
  .check(z.regex(/^[A-Za-z0-9-]{16,64}$/, { error: "messages.generic" }));

export function textMessageSchema(maxLength: number) {
  return z.object({
    intent: z.literal("text"),
    clientKey: clientKeySchema,
    body: z.pipe(
      z.pipe(z.string({ error: "chat:errors.empty" }), z.transform(cleanParagraphs)),
      z
        .string({ error: "chat:errors.empty" })
        .check(z.minLength(1, { error: "chat:errors.empty" }), z.maxLength(maxLength, { error: "chat:errors.tooLong" })),
    ),
  });
}
