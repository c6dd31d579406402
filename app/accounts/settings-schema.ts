/**
 * The forms of the settings page, validated by the same schemas in the browser (Conform) and on the
 * server. Each form carries an `intent`; messages are locale keys.
 */
import { z } from "zod";
import { cleanParagraphs, optionalText } from "~/utils/clean-text";
import { MAX_PASSWORD_INPUT } from "./login-schema";

export { MIN_PASSWORD_LENGTH } from "./password-rules";
import { MIN_PASSWORD_LENGTH } from "./password-rules";
export const MAX_DELETE_REMARKS = 1000;

/** product.md §3 "delete reasons" (plus remarks). */
export const DELETE_REASONS = ["price", "found_someone", "not_looking", "site_problems", "no_members", "time", "other"] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

const currentPassword = z.string().max(MAX_PASSWORD_INPUT, { error: "messages.checkOldPassword" }).optional();

export const emailChangeSchema = z.object({
  intent: z.literal("email"),
  newEmail: z.email({ error: "messages.newEmailInvalid" }).max(254, { error: "messages.newEmailInvalid" }),
  currentPassword,
});

export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword,
    newPassword: z
      .string({ error: "settings:password.tooShort" })
      .min(MIN_PASSWORD_LENGTH, { error: "settings:password.tooShort" })
      .max(MAX_PASSWORD_INPUT, { error: "settings:password.tooLong" }),
    // Bounded through the equality with newPassword.
    confirmPassword: z.string({ error: "messages.passwordsDiffer" }),
  })
  .refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], error: "messages.passwordsDiffer" });

export const invisibleSchema = z.object({
  intent: z.literal("invisible"),
  invisible: z.enum(["on", "off"]),
});

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  reason: z.enum(DELETE_REASONS, { error: "settings:delete.reasonRequired" }),
  remarks: z
    .string()
    .transform(optionalText(cleanParagraphs))
    .pipe(z.string().max(MAX_DELETE_REMARKS, { error: "settings:delete.remarksTooLong" }).optional())
    .optional(),
  /** Members with a password confirm with it; passkey-only members type their e-mail address. */
  currentPassword,
  confirmation: z.string().max(254).optional(),
});

export const settingsIntents = ["email", "password", "invisible", "delete"] as const;
export type SettingsIntent = (typeof settingsIntents)[number];
