/**
 * The operator's actions on an account (/admin/members/:id), one zod/mini schema per form: the
 * browser checks them with Conform and the action parses the same (ADR 028). Messages are keys of
 * the `admin` namespace.
 */
import { z } from "zod/mini";

export const MEMBER_ROLES = ["member", "moderator", "admin"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const REASON_MAX = 500;
export const CREDITS_LIMIT = 100_000;

const reason = z
  .string("admin:errors.reasonRequired")
  .check(z.trim(), z.minLength(3, "admin:errors.reasonRequired"), z.maxLength(REASON_MAX, "admin:errors.reasonTooLong"));

export const banSchema = z.object({ intent: z.literal("ban"), reason });
export const unbanSchema = z.object({ intent: z.literal("unban"), reason });
export const creditsSchema = z.object({
  intent: z.literal("credits"),
  delta: z.int("admin:errors.creditsInvalid").check(
    z.gte(-CREDITS_LIMIT, "admin:errors.creditsInvalid"),
    z.lte(CREDITS_LIMIT, "admin:errors.creditsInvalid"),
    z.refine((value) => value !== 0, "admin:errors.creditsInvalid"),
  ),
  reason,
  requestKey: z.string().check(z.regex(/^[A-Za-z0-9_-]{8,64}$/)),
});
export const roleSchema = z.object({
  intent: z.literal("role"),
  role: z.enum(MEMBER_ROLES, "admin:errors.roleInvalid"),
  reason,
});
export const activationSchema = z.object({ intent: z.literal("activation") });
export const resetSchema = z.object({ intent: z.literal("reset") });
export const deleteSchema = z.object({ intent: z.literal("delete"), reason });

export const memberActionSchema = z.discriminatedUnion("intent", [
  banSchema,
  unbanSchema,
  creditsSchema,
  roleSchema,
  activationSchema,
  resetSchema,
  deleteSchema,
]);

export type MemberAction = z.infer<typeof memberActionSchema>;
