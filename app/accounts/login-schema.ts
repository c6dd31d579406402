/**
 * The login form, validated by the same schema in the browser (Conform) and on the server.
 * Messages are locale keys.
 */
import { z } from "zod/mini";

import { MAX_PASSWORD_LENGTH } from "./password-rules";

export const MAX_PASSWORD_INPUT = MAX_PASSWORD_LENGTH;

export const loginSchema = z.object({
  email: z.email({ error: "messages.emailInvalid" }).check(z.maxLength(254, { error: "messages.emailInvalid" })),
  password: z
    .string({ error: "auth:login.passwordRequired" })
    .check(z.minLength(1, { error: "auth:login.passwordRequired" }), z.maxLength(MAX_PASSWORD_INPUT, { error: "messages.loginFailed" })),
  redirectTo: z.optional(z.string()),
});
