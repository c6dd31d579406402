/**
 * The password reset forms, validated by the same schemas in the browser (Conform) and on the
 * server. Messages are locale keys.
 */
import { z } from "zod";
import { MAX_PASSWORD_INPUT } from "./login-schema";

import { MIN_PASSWORD_LENGTH } from "./password-rules";

export const MIN_NEW_PASSWORD_LENGTH = MIN_PASSWORD_LENGTH;

export const resetRequestSchema = z.object({
  email: z
    .string({ error: "messages.emailInvalid" })
    .trim()
    .pipe(z.email({ error: "messages.emailInvalid" }).max(254, { error: "messages.emailInvalid" })),
});

export const newPasswordSchema = z
  .object({
    token: z.string({ error: "messages.linkExpired" }).max(128, { error: "messages.linkExpired" }),
    password: z
      .string({ error: "auth:reset.passwordRequired" })
      .min(MIN_NEW_PASSWORD_LENGTH, { error: "auth:reset.passwordTooShort" })
      .max(MAX_PASSWORD_INPUT, { error: "auth:reset.passwordTooLong" }),
    passwordRepeat: z.string({ error: "auth:reset.repeatRequired" }),
  })
  .refine((value) => value.password === value.passwordRepeat, { path: ["passwordRepeat"], error: "messages.passwordsDiffer" });
