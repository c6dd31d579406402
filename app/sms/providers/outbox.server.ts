/**
 * The development provider: the sms_outbox row is all there is. Nothing leaves the machine; the
 * texts are read at /dev/sms (and by the tests, from the sms_outbox table).
 */
import type { SmsProvider } from "./provider.server";

export const outboxSmsProvider: SmsProvider = {
  name: "outbox",
  async send(message) {
    console.info(`sms (outbox only) to ${message.to}; read it at /dev/sms`);
    return { id: `outbox:${message.reference}` };
  },
};
