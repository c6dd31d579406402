/**
 * The /complaints form (spec §2 "Complaints"): consumer complaints and reports about a member.
 * One schema for the browser (Conform) and the server; messages are locale keys.
 */
import { z } from "zod";

export const MAX_COMPLAINT_NAME = 100;
export const MAX_COMPLAINT_SUBJECT = 150;
export const MAX_COMPLAINT_MESSAGE = 5000;

const text = (error: string) => z.string({ error }).trim();

export const complaintSchema = z.object({
  name: text("members:complaints.errors.name")
    .min(2, { error: "members:complaints.errors.name" })
    .max(MAX_COMPLAINT_NAME, { error: "members:complaints.errors.name" }),
  email: z.email({ error: "messages.emailInvalid" }).max(254, { error: "messages.emailInvalid" }),
  subject: text("members:complaints.errors.subject")
    .min(3, { error: "members:complaints.errors.subject" })
    .max(MAX_COMPLAINT_SUBJECT, { error: "members:complaints.errors.subject" }),
  message: text("members:complaints.errors.message")
    .min(10, { error: "members:complaints.errors.message" })
    .max(MAX_COMPLAINT_MESSAGE, { error: "members:complaints.errors.message" }),
  /** The member the report is about (from `?profile=` on a profile's complaint link). */
  profile: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
});

export type ComplaintForm = z.infer<typeof complaintSchema>;
