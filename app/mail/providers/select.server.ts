/**
 * The provider the environment asks for (MAIL_PROVIDER, see app/env.server.ts and ADR 008).
 */
import type { AppEnv } from "~/env.server";
import { outboxProvider } from "./outbox.server";
import { MailDeliveryError, type MailProvider } from "./provider.server";
import { resendProvider } from "./resend.server";

/**
 * Resend without an API key does not throw here (that would break the member's request that sent
 * the mail): every send fails instead, is logged as an error and stays in the outbox for the cron.
 */
export function mailProviderFor(env: AppEnv): MailProvider {
  if (env.MAIL_PROVIDER === "outbox") return outboxProvider;
  const apiKey = env.MAIL_API_KEY;
  if (!apiKey) {
    return {
      name: "resend",
      async send() {
        throw new MailDeliveryError("MAIL_API_KEY is not set: no mail can be delivered through Resend (set the secret; the cron retries)");
      },
    };
  }
  return resendProvider({ apiKey });
}
