/**
 * The development provider: delivery is the outbox row itself. Nothing leaves the machine; the
 * mail is read at /dev/mail (and by the browser tests, from the mail_outbox table).
 */
import type { MailProvider } from "./provider.server";

export const outboxProvider: MailProvider = {
  name: "outbox",
  async send(message) {
    console.info(`mail (outbox only) to ${message.to}: ${message.subject}; read it at /dev/mail`);
    return { id: `outbox:${message.idempotencyKey}` };
  },
};
