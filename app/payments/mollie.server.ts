/**
 * Mollie's REST API (v2) with `fetch`: Mollie's Node client does not run in workerd. The same
 * adapter talks to the local simulator (tools/mollie-simulator) in development and tests; only the
 * base URL differs (MOLLIE_API_URL).
 */
import { intlLocale, isLanguage } from "~/i18n/languages";
import type { AppEnv } from "~/env.server";
import {
  PaymentProviderError,
  type CreateMandateInput,
  type CreatePaymentInput,
  type PaymentProvider,
  type ProviderPage,
  type ProviderPayment,
  type ProviderPaymentStatus,
  type ProviderRefund,
  type ProviderRefundStatus,
} from "./provider.server";

/** Mollie's locale for an interface language (its checkout and mails speak the member's language): the Intl locale with an underscore. */
function mollieLocale(language: string): string {
  return intlLocale[isLanguage(language) ? language : "nl"].replace("-", "_");
}

export const MOLLIE_API_URL = "https://api.mollie.com/v2";

/**
 * How long one call to Mollie may take, answer included (MOLLIE_TIMEOUT_MS). Mollie answers in well
 * under a second; a call still open after this is given up as unavailable, like a 5xx.
 */
export const DEFAULT_MOLLIE_TIMEOUT_MS = 10_000;

type MollieAmount = { currency: string; value: string };

type MolliePayment = {
  id: string;
  status: ProviderPaymentStatus;
  method: string | null;
  amount: MollieAmount;
  amountRefunded?: MollieAmount;
  amountChargedBack?: MollieAmount;
  metadata: Record<string, unknown> | null;
  createdAt: string;
  _links: { checkout?: { href: string } };
};

type MollieRefund = { id: string; paymentId: string; status: ProviderRefundStatus; amount: MollieAmount; createdAt: string };

type MollieList<K extends string, T> = { _embedded: Record<K, T[]>; _links: { next: { href: string } | null } };

/** The most a Mollie list gives per page. */
export const MOLLIE_PAGE_LIMIT = 250;

/** A Mollie payment id (`tr_…`): the one pattern the webhook and the adapter check an id with. */
export const molliePaymentId = /^tr_[A-Za-z0-9]{1,64}$/;

/** Mollie amounts are strings with two decimals: 1495 → "14.95". */
export function toMollieAmount(cents: number, currency: string): MollieAmount {
  if (!Number.isInteger(cents) || cents < 0) throw new Error(`invalid amount ${cents}`);
  return { currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` };
}

export function fromMollieAmount(amount: MollieAmount | undefined): number {
  if (!amount) return 0;
  const match = /^(\d+)\.(\d{2})$/.exec(amount.value);
  if (!match) throw new PaymentProviderError(`unexpected amount ${amount.value}`);
  return Number(match[1]) * 100 + Number(match[2]);
}

function toPayment(body: MolliePayment): ProviderPayment {
  return {
    id: body.id,
    status: body.status,
    method: body.method ?? null,
    amountCents: fromMollieAmount(body.amount),
    currency: body.amount.currency,
    amountRefundedCents: fromMollieAmount(body.amountRefunded),
    amountChargedBackCents: fromMollieAmount(body.amountChargedBack),
    checkoutUrl: body._links.checkout?.href ?? null,
    metadata: body.metadata ?? null,
    createdAt: new Date(body.createdAt),
  };
}

function toRefund(body: MollieRefund): ProviderRefund {
  return {
    id: body.id,
    paymentId: body.paymentId,
    status: body.status,
    amountCents: fromMollieAmount(body.amount),
    createdAt: new Date(body.createdAt),
  };
}

/** The cursor of a list's next page, from its `next` link. */
function nextCursor(links: { next: { href: string } | null }): string | null {
  return links.next ? new URL(links.next.href).searchParams.get("from") : null;
}

export function mollieProvider(options: {
  apiKey: string | undefined;
  baseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): PaymentProvider {
  const baseUrl = (options.baseUrl ?? MOLLIE_API_URL).replace(/\/$/, "");
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_MOLLIE_TIMEOUT_MS;

  async function call<T>(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    try {
      return await callOnce<T>(method, path, body, idempotencyKey);
    } catch (error) {
      // A create with an idempotency key that failed fast (the connection dropped, a 5xx) is tried
      // once more with the same key: Mollie answers it with what the first try made, if it made
      // anything. A try that ran out of time is not: the member would wait the limit twice.
      if (!idempotencyKey || !(error instanceof PaymentProviderError) || !error.unavailable || error.timedOut) throw error;
      console.warn(`${error.message}; trying once more with the same idempotency key`);
      return callOnce<T>(method, path, body, idempotencyKey);
    }
  }

  async function callOnce<T>(method: "GET" | "POST", path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    if (!options.apiKey) throw new PaymentProviderError("MOLLIE_API_KEY is not set: no payment can be made");
    // One limit for the whole exchange: a server that sends its headers and then stalls is cut off too.
    const signal = AbortSignal.timeout(timeoutMs);
    const unreachable = (error: unknown) =>
      signal.aborted
        ? new PaymentProviderError(`Mollie ${method} ${path}: no answer within ${timeoutMs} ms`, undefined, undefined, true)
        : new PaymentProviderError(`Mollie could not be reached: ${error instanceof Error ? error.message : String(error)}`);
    let response: Response;
    let text: string;
    try {
      response = await send(`${baseUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          Accept: "application/hal+json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...(idempotencyKey ? { "Idempotency-Key": idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      text = await response.text();
    } catch (error) {
      throw unreachable(error);
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: an error page of a proxy; reported below by status.
    }
    if (!response.ok) {
      const detail = (json as { detail?: string; field?: string } | null) ?? {};
      throw new PaymentProviderError(
        `Mollie ${method} ${path}: ${response.status} ${detail.detail ?? text.slice(0, 200)}`,
        response.status,
        detail.field,
      );
    }
    return json as T;
  }

  const pageQuery = (input: { from: string | null; limit: number }) => {
    const query = new URLSearchParams({ limit: String(Math.min(input.limit, MOLLIE_PAGE_LIMIT)) });
    if (input.from) query.set("from", input.from);
    return query;
  };

  return {
    name: "mollie",

    async createPayment(input: CreatePaymentInput) {
      const body = await call<MolliePayment>(
        "POST",
        "/payments",
        {
          amount: toMollieAmount(input.amountCents, input.currency),
          description: input.description,
          redirectUrl: input.redirectUrl,
          webhookUrl: input.webhookUrl,
          locale: mollieLocale(input.language),
          metadata: input.metadata,
          ...(input.method ? { method: input.method } : {}),
          ...(input.mandate
            ? { sequenceType: "recurring", customerId: input.mandate.customerId, mandateId: input.mandate.mandateId }
            : { sequenceType: "oneoff" }),
        },
        input.idempotencyKey,
      );
      return toPayment(body);
    },

    async getPayment(id: string) {
      if (!molliePaymentId.test(id)) return null;
      try {
        return toPayment(await call<MolliePayment>("GET", `/payments/${id}`));
      } catch (error) {
        if (error instanceof PaymentProviderError && error.status === 404) return null;
        throw error;
      }
    },

    async listMethods(input) {
      const query = new URLSearchParams({
        "amount[value]": toMollieAmount(input.amountCents, input.currency).value,
        "amount[currency]": input.currency,
        locale: mollieLocale(input.language),
        sequenceType: "oneoff",
      });
      if (input.billingCountry) query.set("billingCountry", input.billingCountry);
      const body = await call<{ _embedded: { methods: { id: string }[] } }>("GET", `/methods?${query}`);
      return body._embedded.methods.map((method) => method.id);
    },

    async createRefund(input) {
      const body = await call<{ id: string; status: string }>(
        "POST",
        `/payments/${input.paymentId}/refunds`,
        {
          amount: toMollieAmount(input.amountCents, input.currency),
          description: input.description,
        },
        input.idempotencyKey,
      );
      return { id: body.id, status: body.status };
    },

    async listPaymentRefunds(paymentId: string) {
      const body = await call<MollieList<"refunds", MollieRefund>>("GET", `/payments/${paymentId}/refunds?limit=${MOLLIE_PAGE_LIMIT}`);
      return body._embedded.refunds.map(toRefund);
    },

    async listPayments(input): Promise<ProviderPage<ProviderPayment>> {
      const body = await call<MollieList<"payments", MolliePayment>>("GET", `/payments?${pageQuery(input)}`);
      return { items: body._embedded.payments.map(toPayment), next: nextCursor(body._links) };
    },

    async listRefunds(input): Promise<ProviderPage<ProviderRefund>> {
      const body = await call<MollieList<"refunds", MollieRefund>>("GET", `/refunds?${pageQuery(input)}`);
      return { items: body._embedded.refunds.map(toRefund), next: nextCursor(body._links) };
    },

    async createCustomer(input) {
      const body = await call<{ id: string }>(
        "POST",
        "/customers",
        {
          name: input.name,
          email: input.email,
          locale: mollieLocale(input.language),
        },
        input.idempotencyKey,
      );
      return { id: body.id };
    },

    async createMandate(input: CreateMandateInput) {
      const body = await call<{ id: string; status: string }>(
        "POST",
        `/customers/${input.customerId}/mandates`,
        {
          method: "directdebit",
          consumerName: input.consumerName,
          consumerAccount: input.iban,
          signatureDate: input.signatureDate,
          mandateReference: input.reference,
        },
        input.idempotencyKey,
      );
      return { id: body.id, status: body.status };
    },
  };
}

/** The provider of this environment: Mollie (MOLLIE_API_URL points development at the simulator). */
export function paymentProviderFor(env: AppEnv): PaymentProvider {
  return mollieProvider({ apiKey: env.MOLLIE_API_KEY, baseUrl: env.MOLLIE_API_URL, timeoutMs: env.MOLLIE_TIMEOUT_MS });
}
