/**
 * The /complaints form (product.md §2 "Complaints"): consumer complaints and reports about a
 * member. One schema for the browser (Conform) and the server; messages are locale keys.
 */
import { z } from "zod/mini";
import { cleanLine, cleanParagraphs } from "~/utils/clean-text";

export const MAX_COMPLAINT_NAME = 100;
export const MAX_COMPLAINT_SUBJECT = 150;
export const MAX_COMPLAINT_MESSAGE = 5000;

/** A cleaned text (clean-text.ts) of `min` to `max` characters, with one message for both ends. */
const text = (clean: (value: string) => string, min: number, max: number, error: string) =>
  z.pipe(
    z.pipe(z.string({ error }), z.transform(clean)),
    z.string({ error }).check(z.minLength(min, { error }), z.maxLength(max, { error })),
  );

export const complaintSchema = z.object({
  name: text(cleanLine, 2, MAX_COMPLAINT_NAME, "members:complaints.errors.name"),
  email: z.email({ error: "messages.emailInvalid" }).check(z.maxLength(254, { error: "messages.emailInvalid" })),
  subject: text(cleanLine, 3, MAX_COMPLAINT_SUBJECT, "members:complaints.errors.subject"),
  message: text(cleanParagraphs, 10, MAX_COMPLAINT_MESSAGE, "members:complaints.errors.message"),
  /** The member the report is about (from `?profile=` on a profile's complaint link). */
  profile: z.optional(z.pipe(z.coerce.number(), z.int().check(z.positive()))),
});

export type ComplaintForm = z.infer<typeof complaintSchema>;
