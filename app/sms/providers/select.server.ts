/**
 * The SMS provider the environment asks for (SMS_PROVIDER, see app/env.server.ts).
 */
import { smsProviderName, type AppEnv } from "~/env.server";
import { messageBirdProvider } from "./messagebird.server";
import { outboxSmsProvider } from "./outbox.server";
import { SmsDeliveryError, type SmsProvider } from "./provider.server";

/**
 * MessageBird without an access key does not throw here (that would break the member's request):
 * every send fails instead, is recorded as failed in sms_outbox and logged.
 */
export function smsProviderFor(env: AppEnv): SmsProvider {
  if (smsProviderName(env) === "outbox") return outboxSmsProvider;
  const accessKey = env.SMS_API_KEY;
  if (!accessKey) {
    return {
      name: "messagebird",
      async send() {
        throw new SmsDeliveryError("SMS_API_KEY is not set: no text can be delivered through MessageBird (set the secret)");
      },
    };
  }
  return messageBirdProvider({ accessKey });
}
