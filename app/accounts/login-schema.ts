/**
 * The login form, validated by the same schema in the browser (Conform) and on the server.
 * Messages are locale keys.
 */
import { z } from "zod";

import { MAX_PASSWORD_LENGTH } from "./password-rules";

export const MAX_PASSWORD_INPUT = MAX_PASSWORD_LENGTH;

export const loginSchema = z.object({
  email: z.email({ error: "messages.emailInvalid" }).max(254, { error: "messages.emailInvalid" }),
  password: z
    .string({ error: "auth:login.passwordRequired" })
    .min(1, { error: "auth:login.passwordRequired" })
    .max(MAX_PASSWORD_INPUT, { error: "messages.loginFailed" }),
  redirectTo: z.string().optional(),
});
