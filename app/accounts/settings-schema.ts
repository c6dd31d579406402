/**
 * The forms of the settings page, validated by the same schemas in the browser (Conform) and on the
 * server. Each form carries an `intent`; messages are locale keys.
 */
import { z } from "zod/mini";
import { cleanParagraphs, optionalText } from "~/utils/clean-text";
import { MAX_PASSWORD_INPUT } from "./login-schema";

export { MIN_PASSWORD_LENGTH } from "./password-rules";
import { MIN_PASSWORD_LENGTH } from "./password-rules";
export const MAX_DELETE_REMARKS = 1000;

/** product.md §3 "delete reasons" (plus remarks). */
export const DELETE_REASONS = ["price", "found_someone", "not_looking", "site_problems", "no_members", "time", "other"] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];

const currentPassword = z.optional(z.string().check(z.maxLength(MAX_PASSWORD_INPUT, { error: "messages.checkOldPassword" })));

export const emailChangeSchema = z.object({
  intent: z.literal("email"),
  newEmail: z.email({ error: "messages.newEmailInvalid" }).check(z.maxLength(254, { error: "messages.newEmailInvalid" })),
  currentPassword,
});

export const passwordChangeSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword,
    newPassword: z
      .string({ error: "settings:password.tooShort" })
      .check(
        z.minLength(MIN_PASSWORD_LENGTH, { error: "settings:password.tooShort" }),
        z.maxLength(MAX_PASSWORD_INPUT, { error: "settings:password.tooLong" }),
      ),
    // Bounded through the equality with newPassword.
    confirmPassword: z.string({ error: "messages.passwordsDiffer" }),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirmPassword, { path: ["confirmPassword"], error: "messages.passwordsDiffer" }),
  );

export const invisibleSchema = z.object({
  intent: z.literal("invisible"),
  invisible: z.enum(["on", "off"]),
});

export const deleteAccountSchema = z.object({
  intent: z.literal("delete"),
  reason: z.enum(DELETE_REASONS, { error: "settings:delete.reasonRequired" }),
  remarks: z.optional(
    z.pipe(
      z.pipe(z.string(), z.transform(optionalText(cleanParagraphs))),
      z.optional(z.string().check(z.maxLength(MAX_DELETE_REMARKS, { error: "settings:delete.remarksTooLong" }))),
    ),
  ),
  /** Members with a password confirm with it; passkey-only members type their e-mail address. */
  currentPassword,
  confirmation: z.optional(z.string().check(z.maxLength(254))),
});

/** The sections that ask to re-authenticate in place (reauthentication.server.ts). */
export const REAUTHENTICATION_SECTIONS = ["email", "password", "passkeys"] as const;
export type ReauthenticationSection = (typeof REAUTHENTICATION_SECTIONS)[number];

export const reauthenticateSchema = z.object({
  intent: z.literal("reauthenticate"),
  section: z.enum(REAUTHENTICATION_SECTIONS),
  currentPassword: z
    .string({ error: "messages.checkOldPassword" })
    .check(z.minLength(1, { error: "messages.checkOldPassword" }), z.maxLength(MAX_PASSWORD_INPUT, { error: "messages.checkOldPassword" })),
});

export const settingsIntents = ["email", "password", "invisible", "delete", "reauthenticate"] as const;
export type SettingsIntent = (typeof settingsIntents)[number];
