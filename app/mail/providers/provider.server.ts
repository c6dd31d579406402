/**
 * What the mail service needs from a delivery provider (ADR 008). Adapters live beside this file;
 * `mailProviderFor` (select.server.ts) picks one from the environment.
 */

export type MailMessage = {
  /** Stable per outbox row: a retried send of the same row never delivers twice. */
  idempotencyKey: string;
  /** `"Display Name" <address>` */
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers, e.g. List-Unsubscribe on notification mails. */
  headers: Record<string, string>;
  /** Labels for the provider's logs and statistics (ASCII letters, digits, _ and -). */
  tags: Record<string, string>;
};

export interface MailProvider {
  readonly name: string;
  /** Hands the message over for delivery; resolves with the provider's message id, rejects with a MailDeliveryError. */
  send(message: MailMessage): Promise<{ id: string }>;
}

/** A send that did not go through; the outbox records `message` and the cron tries again later. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}
