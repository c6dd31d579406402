/**
 * What the payment service needs from a payment provider (ADR 015). Production talks to Mollie's
 * REST API; `npm start` and the tests talk to the local simulator (tools/mollie-simulator), which
 * speaks the same API, so one adapter (mollie.server.ts) serves both. Tests may pass any object of
 * this shape to the services.
 */

/** Mollie's payment statuses. */
export type ProviderPaymentStatus = "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";

export type ProviderPayment = {
  id: string;
  status: ProviderPaymentStatus;
  /** The provider's method (e.g. `ideal`, `creditcard`), null until the member chose one. */
  method: string | null;
  amountCents: number;
  currency: string;
  amountRefundedCents: number;
  amountChargedBackCents: number;
  /** The hosted checkout to send the member to; null once paid or for a direct debit. */
  checkoutUrl: string | null;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
};

/** Mollie's refund statuses: a refund only moves money once `refunded`; `failed` and `canceled` never will. */
export type ProviderRefundStatus = "queued" | "pending" | "processing" | "refunded" | "failed" | "canceled";

export type ProviderRefund = {
  id: string;
  paymentId: string;
  status: ProviderRefundStatus;
  amountCents: number;
  createdAt: Date;
};

/** One page of a list, newest first; `next` is the cursor of the following page (null at the end). */
export type ProviderPage<T> = { items: T[]; next: string | null };

export type CreatePaymentInput = {
  amountCents: number;
  currency: string;
  description: string;
  /** The provider's method; null lets the member choose on the provider's page. */
  method: string | null;
  redirectUrl: string;
  webhookUrl: string;
  /** The member's interface language (`nl`); the adapter turns it into the provider's locale. */
  language: string;
  metadata: Record<string, string | number>;
  /** A direct debit on a mandate: no checkout, the payment is pending until the bank settles it. */
  mandate?: { customerId: string; mandateId: string };
  /**
   * The same for every try of this one create (sent as `Idempotency-Key`): a try repeated after a
   * lost answer gets the payment the first try made, never a second charge.
   */
  idempotencyKey: string;
};

export type CreateMandateInput = {
  customerId: string;
  consumerName: string;
  iban: string;
  /** YYYY-MM-DD */
  signatureDate: string;
  reference: string;
  idempotencyKey: string;
};

export interface PaymentProvider {
  /** Stored with every payment (`payments.provider`). */
  readonly name: string;
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  /** The payment as the provider knows it now; null when it has no such payment. */
  getPayment(id: string): Promise<ProviderPayment | null>;
  /** The provider methods enabled for this amount and country. */
  listMethods(input: { amountCents: number; currency: string; billingCountry: string | null; language: string }): Promise<string[]>;
  createRefund(input: {
    paymentId: string;
    amountCents: number;
    currency: string;
    description: string;
    idempotencyKey: string;
  }): Promise<{ id: string; status: string }>;
  /** The refunds of one payment (at most the first 250: this app makes one per try). */
  listPaymentRefunds(paymentId: string): Promise<ProviderRefund[]>;
  /** The account's payments, newest first, a page at a time (`from` a cursor of the previous page). */
  listPayments(input: { from: string | null; limit: number }): Promise<ProviderPage<ProviderPayment>>;
  /** The account's refunds, newest first, a page at a time. */
  listRefunds(input: { from: string | null; limit: number }): Promise<ProviderPage<ProviderRefund>>;
  createCustomer(input: { name: string; email: string; language: string; idempotencyKey: string }): Promise<{ id: string }>;
  createMandate(input: CreateMandateInput): Promise<{ id: string; status: string }>;
}

/**
 * A call the provider refused (`status`, 4xx or 5xx) or that got no answer: not reached, or no
 * answer within the time limit (no `status`).
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly field?: string,
    /** No answer within the time limit (rather than a refusal or a dropped connection). */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }

  /**
   * The provider is down or did not answer, rather than refusing this call: trying again later may
   * work, and the call may even have happened there (its answer lost).
   */
  get unavailable(): boolean {
    return this.status === undefined || this.status >= 500;
  }
}
