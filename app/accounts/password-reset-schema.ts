/**
 * The password reset forms, validated by the same schemas in the browser (Conform) and on the
 * server. Messages are locale keys.
 */
import { z } from "zod/mini";
import { MAX_PASSWORD_INPUT } from "./login-schema";

import { MIN_PASSWORD_LENGTH } from "./password-rules";

export const MIN_NEW_PASSWORD_LENGTH = MIN_PASSWORD_LENGTH;

export const resetRequestSchema = z.object({
  email: z.pipe(
    z.string({ error: "messages.emailInvalid" }).check(z.trim()),
    z.email({ error: "messages.emailInvalid" }).check(z.maxLength(254, { error: "messages.emailInvalid" })),
  ),
});

export const newPasswordSchema = z
  .object({
    token: z.string({ error: "messages.linkExpired" }).check(z.maxLength(128, { error: "messages.linkExpired" })),
    password: z
      .string({ error: "auth:reset.passwordRequired" })
      .check(
        z.minLength(MIN_NEW_PASSWORD_LENGTH, { error: "auth:reset.passwordTooShort" }),
        z.maxLength(MAX_PASSWORD_INPUT, { error: "auth:reset.passwordTooLong" }),
      ),
    passwordRepeat: z.string({ error: "auth:reset.repeatRequired" }),
  })
  .check(z.refine((value) => value.password === value.passwordRepeat, { path: ["passwordRepeat"], error: "messages.passwordsDiffer" }));
