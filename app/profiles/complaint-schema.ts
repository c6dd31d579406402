/**
 * The /complaints form (product.md §2 "Complaints"): consumer complaints and reports about a
 * member. One schema for the browser (Conform) and the server; messages are locale keys.
 */
import { z } from "zod";
import { cleanLine, cleanParagraphs } from "~/utils/clean-text";

export const MAX_COMPLAINT_NAME = 100;
export const MAX_COMPLAINT_SUBJECT = 150;
export const MAX_COMPLAINT_MESSAGE = 5000;

/** A cleaned text (clean-text.ts) of `min` to `max` characters, with one message for both ends. */
const text = (clean: (value: string) => string, min: number, max: number, error: string) =>
  z.string({ error }).transform(clean).pipe(z.string({ error }).min(min, { error }).max(max, { error }));

export const complaintSchema = z.object({
  name: text(cleanLine, 2, MAX_COMPLAINT_NAME, "members:complaints.errors.name"),
  email: z.email({ error: "messages.emailInvalid" }).max(254, { error: "messages.emailInvalid" }),
  subject: text(cleanLine, 3, MAX_COMPLAINT_SUBJECT, "members:complaints.errors.subject"),
  message: text(cleanParagraphs, 10, MAX_COMPLAINT_MESSAGE, "members:complaints.errors.message"),
  /** The member the report is about (from `?profile=` on a profile's complaint link). */
  profile: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export type ComplaintForm = z.infer<typeof complaintSchema>;
