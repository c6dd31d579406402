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

/**
 * A send that did not go through; the outbox records `message`. By default the cron tries again
 * later (the provider was down, slow, or asked us to slow down); a `permanent` failure (the provider
 * refused this mail, e.g. an invalid address) is given up at once. See ADR 042.
 */
export class MailDeliveryError extends Error {
  readonly permanent: boolean;
  /** How long the provider asked us to wait (its Retry-After), in seconds. */
  readonly retryAfterSeconds?: number;

  constructor(
    message: string,
    readonly status?: number,
    details: { permanent?: boolean; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "MailDeliveryError";
    this.permanent = details.permanent ?? false;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}
