/**
 * What the SMS service needs from a delivery provider, like the mail providers (ADR 008).
 * Adapters live beside this file; `smsProviderFor` (select.server.ts) picks one from the
 * environment (SMS_PROVIDER). Tests may pass any object of this shape.
 */

export type SmsMessage = {
  /** E.164, e.g. `+31612345678`. */
  to: string;
  /** A phone number or up to 11 letters and digits (what the phone shows as the sender). */
  originator: string;
  body: string;
  /** Our reference (the sms_outbox row), for the provider's logs. */
  reference: string;
};

export interface SmsProvider {
  /** `outbox` only records; anything else hands texts over for delivery. */
  readonly name: string;
  /** Resolves with the provider's message id, rejects with an SmsDeliveryError. */
  send(message: SmsMessage): Promise<{ id: string }>;
}

/** A text that did not go through; sms_outbox records `message` and the member can ask for a new code. */
export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "SmsDeliveryError";
  }
}
