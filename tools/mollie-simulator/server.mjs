/**
 * A local stand-in for Mollie's REST API v2 (ADR 015, ADR 050), kept in memory, that behaves as
 * Mollie does over time and not only on a first call:
 * - API keys are checked (an unknown key answers 401); a `test_` key sees test-mode resources, a
 *   `live_` key live-mode ones;
 * - a POST with an `Idempotency-Key` done before answers what it answered then (the same key with
 *   another body: 422);
 * - every list pages by cursor (`from`, `limit` 50 by default, at most 250, `_links.next`);
 * - every status change of a payment, refund or chargeback calls the payment's webhook with its
 *   id; an answer other than 2xx is retried on Mollie's schedule (WEBHOOK_RETRY_MINUTES), which
 *   `timeScale` compresses for tests;
 * - open payments expire (EXPIRY_MINUTES per method); refunds go pending → processing → refunded
 *   on their own (or failed, when a tester says so);
 * - a `first` payment that is paid makes a valid mandate; a mandate's IBAN must pass its checksum;
 * - methods carry their minimum and maximum amounts and are filtered by amount and sequence type;
 *   a paid payment has a method and its `details`;
 * - chargebacks count in `amountChargedBack` and off `amountRemaining` until they are reversed.
 *
 * Its hosted checkout page lets a tester decide what the bank answers. Not Mollie's (the tester's
 * controls, never failed by the fault switch, no key needed): `POST /v2/payments/:id/simulate`,
 * `POST /v2/payments/:id/refunds/:id/simulate`, `POST|GET /v2/_outage` (one fault switch per API
 * key, tools/fault-switch.mjs), `POST /v2/_keys` (accept another key), `GET /v2/_reads/:id`,
 * `GET /v2/_webhooks/:id` (the webhook calls made for a payment), `POST /v2/payments/:id/_hold`
 * and `/_release` (a read that arrives late, below), and a list of payments at `/`.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { FAULT_KINDS, FaultSettingsError, TIMEOUT_FAULT_KINDS, createFaultSwitch } from "../fault-switch.mjs";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Mollie-like ids: a prefix and ten random letters and digits. */
function newId(prefix) {
  const bytes = randomBytes(10);
  return `${prefix}_${Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("")}`;
}

const ALL_CURRENCIES = ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK", "USD"];

/**
 * The methods Mollie would enable on a test profile: the currencies they take, their limits (in
 * cents of the currency; Mollie's own limits are per method, in EUR for most) and which sequence
 * types they take (`first` and `recurring` only where Mollie can make or use a mandate).
 */
const METHODS = [
  { id: "ideal", description: "iDEAL", currencies: ["EUR"], min: 1, max: 5_000_000, sequences: ["oneoff", "first"] },
  { id: "bancontact", description: "Bancontact", currencies: ["EUR"], min: 2, max: 5_000_000, sequences: ["oneoff", "first"] },
  {
    id: "creditcard",
    description: "Card",
    currencies: ALL_CURRENCIES,
    min: 1,
    max: 1_000_000,
    sequences: ["oneoff", "first", "recurring"],
  },
  { id: "paypal", description: "PayPal", currencies: ALL_CURRENCIES, min: 1, max: 800_000, sequences: ["oneoff", "first", "recurring"] },
  {
    id: "applepay",
    description: "Apple Pay",
    currencies: ALL_CURRENCIES,
    min: 1,
    max: 1_000_000,
    sequences: ["oneoff", "first", "recurring"],
  },
  { id: "directdebit", description: "SEPA Direct Debit", currencies: ["EUR"], min: 1, max: 100_000, sequences: ["recurring"] },
  {
    id: "banktransfer",
    description: "Bank transfer",
    currencies: ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK"],
    min: 1,
    max: 100_000_000,
    sequences: ["oneoff"],
  },
  { id: "eps", description: "EPS", currencies: ["EUR"], min: 100, max: 5_000_000, sequences: ["oneoff"] },
  { id: "giropay", description: "giropay", currencies: ["EUR"], min: 100, max: 1_000_000, sequences: ["oneoff"] },
  { id: "sofort", description: "SOFORT Banking", currencies: ["EUR"], min: 10, max: 500_000, sequences: ["oneoff", "first"] },
  { id: "belfius", description: "Belfius Pay Button", currencies: ["EUR"], min: 1, max: 5_000_000, sequences: ["oneoff", "first"] },
  { id: "kbc", description: "KBC/CBC Payment Button", currencies: ["EUR"], min: 1, max: 5_000_000, sequences: ["oneoff", "first"] },
  { id: "blik", description: "BLIK", currencies: ["PLN"], min: 1, max: 5_000_000, sequences: ["oneoff"] },
  { id: "przelewy24", description: "Przelewy24", currencies: ["PLN", "EUR"], min: 1, max: 1_200_000, sequences: ["oneoff"] },
];

/** How long an open payment waits for the member before it expires, by method (Mollie's defaults). */
const EXPIRY_MINUTES = { banktransfer: 12 * 24 * 60, paypal: 3 * 60, creditcard: 30, default: 15 };

/**
 * Minutes between the webhook calls after one answered other than 2xx: 10 retries, spread over
 * about a day, as Mollie documents ("retried up to 10 times over 26 hours").
 */
export const WEBHOOK_RETRY_MINUTES = [1, 2, 4, 8, 16, 32, 60, 120, 240, 1080];

/** How long a refund stays `pending`, then `processing`, before it is `refunded` (Mollie: the next business day). */
const REFUND_STEP_MINUTES = 60;

/** How long a POST's answer is kept for its Idempotency-Key (Mollie: an hour). */
const IDEMPOTENCY_MINUTES = 60;

/** What the checkout page offers, and the status each button sets. */
const OUTCOMES = [
  { label: "Paid", status: "paid" },
  { label: "Failed", status: "failed" },
  { label: "Canceled", status: "canceled" },
  { label: "Pending", status: "pending" },
  { label: "Expired", status: "expired" },
  { label: "Chargeback", status: "paid", chargeback: true },
];

const STATUS_TIMESTAMP = { paid: "paidAt", failed: "failedAt", canceled: "canceledAt", expired: "expiredAt", authorized: "authorizedAt" };

class MollieError extends Error {
  constructor(status, title, detail, field) {
    super(detail);
    this.status = status;
    this.title = title;
    this.field = field;
  }
}

const notFound = (what) => new MollieError(404, "Not Found", `No ${what} exists with token given.`);
const unprocessable = (detail, field) => new MollieError(422, "Unprocessable Entity", detail, field);
const badRequest = (detail, field) => new MollieError(400, "Bad Request", detail, field);

/** Amounts are strings with exactly two decimals; internally cents. */
function parseAmount(amount, field = "amount") {
  if (!amount || typeof amount !== "object" || typeof amount.currency !== "string" || !/^[A-Z]{3}$/.test(amount.currency)) {
    throw unprocessable("The amount is invalid: give a currency and a value.", field);
  }
  if (typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) {
    throw unprocessable("The amount contains an invalid value.", `${field}.value`);
  }
  const [whole, cents] = amount.value.split(".");
  return { currency: amount.currency, cents: Number(whole) * 100 + Number(cents) };
}

const formatAmount = (cents, currency) => ({ currency, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}` });

/** ISO 13616: move the country and check digits to the end, letters to numbers, mod 97 must be 1. */
export function validIban(iban) {
  const compact = String(iban).replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(compact)) return false;
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** The keys every simulator accepts; more with the `apiKeys` option or `POST /v2/_keys`. */
export const DEFAULT_API_KEYS = ["test_simulator", "live_simulator"];

export async function startMollieSimulator({
  port = 0,
  host = "127.0.0.1",
  publicUrl,
  log = () => {},
  faults: faultSettings = {},
  apiKeys = [],
  timeScale = 1,
} = {}) {
  if (!(timeScale > 0)) throw new Error(`timeScale must be above 0, got ${timeScale}`);
  /** @type {Map<string, any>} payments by id, in the order they were made */
  const payments = new Map();
  /**
   * Reads held back (`POST /v2/payments/:id/_hold`): the next read of that payment is answered with
   * the payment as it was when the read came, but only once the tester calls `_release`, as when
   * Mollie's answer is slow and the payment changes meanwhile. `GET …/_hold` says whether the held
   * read has come.
   */
  const heldReads = new Map();
  /** @type {Map<string, any>} */
  const customers = new Map();
  const keys = new Set([...DEFAULT_API_KEYS, ...apiKeys]);
  /** @type {Map<string, { fingerprint: string, status: number, body: unknown, at: number }>} */
  const idempotent = new Map();
  const allowedKinds = [...FAULT_KINDS, ...TIMEOUT_FAULT_KINDS];
  /**
   * The fault switches (`POST /v2/_outage`): one for every call, and one per API key that a test
   * gave the Worker, so tests that run side by side do not disturb each other.
   */
  const faults = createFaultSwitch({ ...faultSettings, allowedKinds });
  /** @type {Map<string, ReturnType<typeof createFaultSwitch>>} */
  const keyFaults = new Map();
  /** Requests left unanswered, ended when the client gives up or the simulator closes. */
  const hanging = new Set();
  /** Timers of expiries, refund steps and webhook retries, cleared on close. */
  const timers = new Set();
  let baseUrl = "";

  const later = (minutes, run) => {
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        run();
      },
      (minutes * 60_000) / timeScale,
    );
    timer.unref?.();
    timers.add(timer);
  };

  const apiLink = (path) => ({ href: `${baseUrl}/v2${path}`, type: "application/hal+json" });
  const sumCents = (items) => items.reduce((sum, item) => sum + item.cents, 0);
  /** Refunds that count: all but failed and canceled ones. */
  const refundedCents = (p) => sumCents(p.refunds.filter((r) => r.status !== "failed" && r.status !== "canceled"));
  const chargedBackCents = (p) => sumCents(p.chargebacks.filter((c) => !c.reversedAt));

  function paymentResource(p) {
    const refunded = refundedCents(p);
    const chargedBack = chargedBackCents(p);
    const settled = p.status === "paid";
    return {
      resource: "payment",
      id: p.id,
      mode: p.mode,
      createdAt: p.createdAt,
      status: p.status,
      isCancelable: p.status === "open",
      amount: formatAmount(p.cents, p.currency),
      ...(settled
        ? {
            amountRefunded: formatAmount(refunded, p.currency),
            amountRemaining: formatAmount(Math.max(p.cents - refunded - chargedBack, 0), p.currency),
          }
        : {}),
      ...(p.chargebacks.length > 0 ? { amountChargedBack: formatAmount(chargedBack, p.currency) } : {}),
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      locale: p.locale,
      profileId: "pfl_simulator",
      sequenceType: p.sequenceType,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      ...(p.status === "open" ? { expiresAt: p.expiresAt } : {}),
      ...(p.details ? { details: p.details } : {}),
      ...(p.customerId ? { customerId: p.customerId } : {}),
      ...(p.mandateId ? { mandateId: p.mandateId } : {}),
      ...Object.fromEntries(
        Object.values(STATUS_TIMESTAMP)
          .filter((key) => p[key])
          .map((key) => [key, p[key]]),
      ),
      _links: {
        self: apiLink(`/payments/${p.id}`),
        ...(p.status === "open" && p.sequenceType !== "recurring"
          ? { checkout: { href: `${publicUrl ?? baseUrl}/checkout/${p.id}`, type: "text/html" } }
          : {}),
        ...(p.refunds.length ? { refunds: apiLink(`/payments/${p.id}/refunds`) } : {}),
        ...(p.chargebacks.length ? { chargebacks: apiLink(`/payments/${p.id}/chargebacks`) } : {}),
        ...(p.customerId ? { customer: apiLink(`/customers/${p.customerId}`) } : {}),
        ...(p.mandateId ? { mandate: apiLink(`/customers/${p.customerId}/mandates/${p.mandateId}`) } : {}),
        // Mollie always links a payment to its Dashboard page; here, the list of payments.
        dashboard: { href: `${publicUrl ?? baseUrl}/?payment=${p.id}`, type: "text/html" },
        documentation: { href: "https://docs.mollie.com/reference/get-payment", type: "text/html" },
      },
    };
  }

  const refundResource = (r) => {
    const p = payments.get(r.paymentId);
    return {
      resource: "refund",
      id: r.id,
      mode: p.mode,
      amount: formatAmount(r.cents, p.currency),
      status: r.status,
      createdAt: r.createdAt,
      description: r.description,
      metadata: r.metadata,
      paymentId: p.id,
      _links: { self: apiLink(`/payments/${p.id}/refunds/${r.id}`), payment: apiLink(`/payments/${p.id}`) },
    };
  };

  const chargebackResource = (c) => {
    const p = payments.get(c.paymentId);
    return {
      resource: "chargeback",
      id: c.id,
      amount: formatAmount(c.cents, p.currency),
      createdAt: c.createdAt,
      reversedAt: c.reversedAt,
      reason: c.reason,
      paymentId: p.id,
      _links: { self: apiLink(`/payments/${p.id}/chargebacks/${c.id}`), payment: apiLink(`/payments/${p.id}`) },
    };
  };

  const mandateResource = (customer, m) => ({
    resource: "mandate",
    id: m.id,
    mode: customer.mode,
    status: m.status,
    method: m.method,
    details: m.details,
    mandateReference: m.mandateReference,
    signatureDate: m.signatureDate,
    createdAt: m.createdAt,
    _links: { self: apiLink(`/customers/${customer.id}/mandates/${m.id}`), customer: apiLink(`/customers/${customer.id}`) },
  });

  const customerResource = (c) => ({
    resource: "customer",
    id: c.id,
    mode: c.mode,
    name: c.name,
    email: c.email,
    locale: c.locale,
    metadata: c.metadata,
    createdAt: c.createdAt,
    _links: {
      self: apiLink(`/customers/${c.id}`),
      mandates: apiLink(`/customers/${c.id}/mandates`),
      payments: apiLink(`/customers/${c.id}/payments`),
    },
  });

  /**
   * One page of a list, newest first, as Mollie pages: `from` (an id of the list: the page starts
   * there), `limit` (default 50, at most 250), and links to the previous and next pages.
   */
  function page(path, query, key, items, toResource) {
    const limitText = query.get("limit");
    const limit = limitText === null ? 50 : Number(limitText);
    if (!Number.isInteger(limit) || limit < 1 || limit > 250) throw badRequest("The limit must be a number from 1 to 250.", "limit");
    const from = query.get("from");
    const newestFirst = [...items].reverse();
    let start = 0;
    if (from !== null) {
      start = newestFirst.findIndex((item) => item.id === from);
      if (start < 0) throw badRequest(`Invalid cursor: no ${key} ${from} in this list.`, "from");
    }
    const slice = newestFirst.slice(start, start + limit);
    const link = (at) => {
      if (at === undefined) return null;
      const params = new URLSearchParams(query);
      params.set("from", at.id);
      params.set("limit", String(limit));
      return apiLink(`${path}?${params}`);
    };
    return {
      count: slice.length,
      _embedded: { [key]: slice.map(toResource) },
      _links: {
        self: apiLink(`${path}${query.size ? `?${query}` : ""}`),
        previous: start > 0 ? link(newestFirst[Math.max(start - limit, 0)]) : null,
        next: link(newestFirst[start + limit]),
        documentation: { href: "https://docs.mollie.com/reference/pagination", type: "text/html" },
      },
    };
  }

  function findPayment(id, mode) {
    const payment = payments.get(id);
    if (!payment || (mode && payment.mode !== mode)) throw notFound("payment");
    return payment;
  }

  function findCustomer(id, mode) {
    const customer = customers.get(id);
    if (!customer || (mode && customer.mode !== mode)) throw notFound("customer");
    return customer;
  }

  function findRefund(payment, id) {
    const refund = payment.refunds.find((r) => r.id === id);
    if (!refund) throw notFound("refund");
    return refund;
  }

  /** The method a paid payment was paid with, and what Mollie tells about the account or card. */
  function settleMethod(payment) {
    if (!payment.method) {
      payment.method = payment.currency === "EUR" ? "ideal" : "creditcard";
    }
    if (payment.details) return;
    switch (payment.method) {
      case "ideal":
      case "bancontact":
      case "sofort":
      case "banktransfer":
      case "eps":
      case "giropay":
      case "belfius":
      case "kbc":
        payment.details = { consumerName: "T. TEST", consumerAccount: "NL91ABNA0417164300", consumerBic: "ABNANL2A" };
        break;
      case "directdebit": {
        const mandate = payment.customerId ? customers.get(payment.customerId)?.mandates.get(payment.mandateId) : null;
        payment.details = {
          consumerName: mandate?.details.consumerName ?? "T. TEST",
          consumerAccount: mandate?.details.consumerAccount ?? "NL91ABNA0417164300",
          consumerBic: null,
          transferReference: `SD${payment.id.slice(3, 11).toUpperCase()}`,
        };
        break;
      }
      case "creditcard":
      case "applepay":
        payment.details = {
          cardHolder: "T. TEST",
          cardNumber: "6787",
          cardLabel: "Mastercard",
          cardCountryCode: "NL",
          cardSecurity: "normal",
        };
        break;
      case "paypal":
        payment.details = { consumerName: "T. TEST", consumerAccount: "test@example.com", paypalReference: newId("PP").slice(3) };
        break;
      default:
        payment.details = {};
    }
  }

  /** A status change, and the webhook Mollie calls for it (`await` only when the tester asks to). */
  function setStatus(payment, status) {
    if (payment.status === status) return false;
    payment.status = status;
    const stamp = STATUS_TIMESTAMP[status];
    if (stamp && !payment[stamp]) payment[stamp] = new Date().toISOString();
    if (status === "paid") {
      settleMethod(payment);
      if (payment.sequenceType === "first") makeFirstMandate(payment);
    }
    return true;
  }

  /** A paid first payment leaves a valid mandate on its customer for later recurring payments. */
  function makeFirstMandate(payment) {
    const customer = customers.get(payment.customerId);
    if (!customer || payment.mandateId) return;
    const directDebit = payment.method !== "creditcard" && payment.method !== "paypal" && payment.method !== "applepay";
    const mandate = {
      id: newId("mdt"),
      status: "valid",
      method: directDebit ? "directdebit" : payment.method,
      details: directDebit
        ? {
            consumerName: payment.details.consumerName,
            consumerAccount: payment.details.consumerAccount,
            consumerBic: payment.details.consumerBic ?? null,
          }
        : {
            cardHolder: payment.details.cardHolder ?? null,
            cardNumber: payment.details.cardNumber ?? null,
            cardLabel: payment.details.cardLabel ?? null,
          },
      signatureDate: new Date().toISOString().slice(0, 10),
      mandateReference: null,
      createdAt: new Date().toISOString(),
    };
    customer.mandates.set(mandate.id, mandate);
    payment.mandateId = mandate.id;
  }

  function chargeBack(payment) {
    if (payment.status !== "paid") throw unprocessable("Only a paid payment can be charged back.", "status");
    const open = payment.cents - refundedCents(payment) - chargedBackCents(payment);
    if (open <= 0) throw unprocessable("Nothing is left on this payment to charge back.", "amount");
    const chargeback = {
      id: newId("chb"),
      paymentId: payment.id,
      cents: open,
      createdAt: new Date().toISOString(),
      reversedAt: null,
      reason: null,
    };
    payment.chargebacks.push(chargeback);
    return chargeback;
  }

  function reverseChargeback(payment, id) {
    const chargeback = id ? payment.chargebacks.find((c) => c.id === id) : payment.chargebacks.findLast((c) => !c.reversedAt);
    if (!chargeback || chargeback.reversedAt) throw unprocessable("There is no chargeback to reverse.", "chargeback");
    chargeback.reversedAt = new Date().toISOString();
  }

  /** Every webhook call made for a payment (`GET /v2/_webhooks/:id`): when, which try, and the answer. */
  function recordWebhook(payment, entry) {
    payment.webhooks.push(entry);
    if (payment.webhooks.length > 100) payment.webhooks.shift();
  }

  /**
   * Mollie calls the webhook with only the id, and again on its schedule until it gets a 2xx. A
   * failing webhook is logged, never thrown.
   * @returns {Promise<number | null>} the first call's status, null when it got no answer
   */
  async function callWebhook(payment, attempt = 0) {
    if (!payment.webhookUrl) return null;
    const post = (url) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: payment.id }),
        signal: AbortSignal.timeout(15_000),
      });
    let status = null;
    try {
      let response;
      try {
        response = await post(payment.webhookUrl);
      } catch (error) {
        // "localhost" may resolve to ::1 first while the app listens on 127.0.0.1 only.
        const url = new URL(payment.webhookUrl);
        if (url.hostname !== "localhost") throw error;
        url.hostname = "127.0.0.1";
        response = await post(url.href);
      }
      await response.body?.cancel();
      status = response.status;
      log(`webhook ${payment.webhookUrl} for ${payment.id} (try ${attempt + 1}): ${status}`);
    } catch (error) {
      log(`webhook ${payment.webhookUrl} for ${payment.id} (try ${attempt + 1}) failed: ${error instanceof Error ? error.message : error}`);
    }
    recordWebhook(payment, { at: new Date().toISOString(), attempt: attempt + 1, status });
    const ok = status !== null && status >= 200 && status < 300;
    if (!ok && attempt < WEBHOOK_RETRY_MINUTES.length) {
      later(WEBHOOK_RETRY_MINUTES[attempt], () => void callWebhook(payment, attempt + 1));
    }
    return status;
  }

  /** A change Mollie reports: the webhook, in the background (the caller does not wait for it). */
  const notify = (payment) => void callWebhook(payment);

  function methodFor(id) {
    return METHODS.find((m) => m.id === id);
  }

  function createPayment(body, mode, customerFromPath) {
    const { currency, cents } = parseAmount(body.amount);
    if (cents < 1) throw unprocessable("The amount is lower than the minimum.", "amount");
    if (typeof body.description !== "string" || !body.description.trim()) throw unprocessable("The description is invalid.", "description");
    const sequenceType = body.sequenceType ?? "oneoff";
    if (!["oneoff", "first", "recurring"].includes(sequenceType)) throw unprocessable("The sequence type is invalid.", "sequenceType");
    const recurring = sequenceType === "recurring";
    if (!recurring && (typeof body.redirectUrl !== "string" || !/^https?:\/\//.test(body.redirectUrl))) {
      throw unprocessable("The redirect URL is invalid.", "redirectUrl");
    }
    if (body.webhookUrl !== undefined && (typeof body.webhookUrl !== "string" || !/^https?:\/\//.test(body.webhookUrl))) {
      throw unprocessable("The webhook URL is invalid.", "webhookUrl");
    }
    let method = body.method ?? null;
    if (method !== null) {
      const known = methodFor(method);
      if (!known) throw unprocessable("The payment method is invalid.", "method");
      if (!known.currencies.includes(currency)) throw unprocessable(`The payment method is not available for ${currency}.`, "method");
      if (cents < known.min || cents > known.max) throw unprocessable("The amount is outside the limits of the payment method.", "amount");
      if (!known.sequences.includes(sequenceType))
        throw unprocessable(`The payment method does not take ${sequenceType} payments.`, "method");
    }
    const customerId = customerFromPath ?? body.customerId ?? null;
    const customer = customerId ? findCustomer(customerId, mode) : null;
    if (sequenceType === "first" && !customer) throw unprocessable("A first payment needs a customer.", "customerId");
    let mandateId = null;
    if (recurring) {
      if (!customer) throw unprocessable("A recurring payment needs a customer.", "customerId");
      const mandate = body.mandateId
        ? customer.mandates.get(body.mandateId)
        : [...customer.mandates.values()].find((m) => m.status === "valid");
      if (mandate?.status !== "valid") throw unprocessable("The mandate is invalid.", "mandateId");
      mandateId = mandate.id;
      method = mandate.method;
    }
    const createdAt = new Date();
    const expiryMinutes = EXPIRY_MINUTES[method] ?? EXPIRY_MINUTES.default;
    const payment = {
      id: newId("tr"),
      mode,
      createdAt: createdAt.toISOString(),
      expiresAt: new Date(createdAt.getTime() + expiryMinutes * 60_000).toISOString(),
      status: recurring ? "pending" : "open",
      cents,
      currency,
      description: body.description,
      method,
      details: null,
      metadata: body.metadata ?? null,
      locale: body.locale ?? null,
      sequenceType,
      redirectUrl: body.redirectUrl ?? null,
      webhookUrl: body.webhookUrl ?? null,
      customerId: customer?.id ?? null,
      mandateId,
      refunds: [],
      chargebacks: [],
      webhooks: [],
      /** How often `GET /v2/payments/:id` read it (`GET /v2/_reads/:id`). */
      reads: 0,
    };
    payments.set(payment.id, payment);
    if (!recurring) {
      later(expiryMinutes, () => {
        if (payment.status === "open" && setStatus(payment, "expired")) notify(payment);
      });
    }
    log(`payment ${payment.id} ${payment.status} ${formatAmount(cents, currency).value} ${currency}`);
    return payment;
  }

  function cancelPayment(payment) {
    if (payment.status !== "open") throw unprocessable("The payment cannot be canceled.", "status");
    setStatus(payment, "canceled");
    notify(payment);
    return payment;
  }

  function createRefund(payment, body) {
    if (payment.status !== "paid") throw unprocessable("The payment cannot be refunded: it is not paid.", "amount");
    const { currency, cents } = parseAmount(body.amount);
    if (currency !== payment.currency) throw unprocessable("The currency differs from the payment's.", "amount.currency");
    if (cents < 1 || cents > payment.cents - refundedCents(payment) - chargedBackCents(payment))
      throw unprocessable("The amount is higher than the amount that can be refunded.", "amount");
    const refund = {
      id: newId("re"),
      paymentId: payment.id,
      cents,
      status: "pending",
      description: body.description ?? "",
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
    };
    payment.refunds.push(refund);
    allRefunds.push(refund);
    // Picked up for processing, then sent to the bank; each step the webhook hears of.
    later(REFUND_STEP_MINUTES, () => {
      if (refund.status !== "pending" && refund.status !== "queued") return;
      refund.status = "processing";
      notify(payment);
      later(REFUND_STEP_MINUTES, () => {
        if (refund.status !== "processing") return;
        refund.status = "refunded";
        notify(payment);
      });
    });
    return refund;
  }

  /** All refunds and chargebacks of the account, in the order they were made (for the lists). */
  const allRefunds = [];
  const allChargebacks = () => [...payments.values()].flatMap((p) => p.chargebacks).sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  function cancelRefund(refund) {
    if (refund.status !== "queued" && refund.status !== "pending") throw unprocessable("The refund cannot be canceled any more.", "status");
    refund.status = "canceled";
  }

  function createMandate(customer, body) {
    if (body.method !== "directdebit") throw unprocessable("Only direct debit mandates can be made.", "method");
    if (typeof body.consumerName !== "string" || !body.consumerName.trim())
      throw unprocessable("The consumer name is invalid.", "consumerName");
    if (typeof body.consumerAccount !== "string" || !validIban(body.consumerAccount)) {
      throw unprocessable("The consumer account is invalid.", "consumerAccount");
    }
    const mandate = {
      id: newId("mdt"),
      status: "valid",
      method: "directdebit",
      details: {
        consumerName: body.consumerName,
        consumerAccount: body.consumerAccount.replace(/\s+/g, "").toUpperCase(),
        consumerBic: body.consumerBic ?? null,
      },
      signatureDate: body.signatureDate ?? new Date().toISOString().slice(0, 10),
      mandateReference: body.mandateReference ?? null,
      createdAt: new Date().toISOString(),
    };
    customer.mandates.set(mandate.id, mandate);
    return mandate;
  }

  /** The tester's control of a payment: a status, a chargeback or its reversal; then the webhook. */
  async function simulate(payment, body) {
    let changed = false;
    if (body.status !== undefined) {
      if (!["open", "pending", "authorized", "paid", "failed", "canceled", "expired"].includes(body.status))
        throw unprocessable("Unknown status.", "status");
      changed = setStatus(payment, body.status) || changed;
    }
    if (body.chargeback) {
      chargeBack(payment);
      changed = true;
    }
    if (body.reverseChargeback) {
      reverseChargeback(payment, typeof body.reverseChargeback === "string" ? body.reverseChargeback : null);
      changed = true;
    }
    if (body.callWebhook) await callWebhook(payment);
    else if (changed && body.callWebhook !== false) notify(payment);
    return payment;
  }

  /** The tester's control of a refund: `{ status }` (processing, refunded, failed, canceled); then the webhook. */
  async function simulateRefund(payment, refund, body) {
    if (!["queued", "pending", "processing", "refunded", "failed", "canceled"].includes(body.status))
      throw unprocessable("Unknown refund status.", "status");
    refund.status = body.status;
    if (body.callWebhook) await callWebhook(payment);
    else if (body.callWebhook !== false) notify(payment);
    return refund;
  }

  const methodResource = (m, currency) => ({
    resource: "method",
    id: m.id,
    description: m.description,
    minimumAmount: formatAmount(m.min, currency),
    maximumAmount: formatAmount(m.max, currency),
    status: "activated",
    image: {
      size1x: `https://www.mollie.com/external/icons/payment-methods/${m.id}.png`,
      size2x: `https://www.mollie.com/external/icons/payment-methods/${m.id}%402x.png`,
      svg: `https://www.mollie.com/external/icons/payment-methods/${m.id}.svg`,
    },
    _links: { self: apiLink(`/methods/${m.id}`) },
  });

  /** `GET /v2/methods/{id}` (`?currency=` for its minimum and maximum, EUR by default). */
  function methodById(id, query) {
    const m = METHODS.find((candidate) => candidate.id === id);
    if (!m) throw notFound("method");
    return methodResource(m, query.get("currency") ?? "EUR");
  }

  function methodsList(query) {
    const currency = query.get("amount[currency]");
    const value = query.get("amount[value]");
    const cents = value === null ? null : parseAmount({ currency: currency ?? "EUR", value }, "amount").cents;
    const sequenceType = query.get("sequenceType") ?? "oneoff";
    if (!["oneoff", "first", "recurring"].includes(sequenceType)) throw badRequest("The sequence type is invalid.", "sequenceType");
    const methods = METHODS.filter((m) => m.sequences.includes(sequenceType))
      .filter((m) => currency === null || m.currencies.includes(currency))
      .filter((m) => cents === null || (cents >= m.min && cents <= m.max));
    const limitsCurrency = currency ?? "EUR";
    return {
      count: methods.length,
      _embedded: {
        methods: methods.map((m) => methodResource(m, limitsCurrency)),
      },
      _links: {
        self: apiLink(`/methods${query.size ? `?${query}` : ""}`),
        documentation: { href: "https://docs.mollie.com/reference/list-methods", type: "text/html" },
      },
    };
  }

  /** The JSON API under /v2 for a key's mode. Returns [status, body]. */
  function api(method, segments, query, body, mode) {
    const [collection, id, sub, subId] = segments;
    const path = `/${segments.join("/")}`;
    const ofMode = (list) => list.filter((item) => (item.mode ?? payments.get(item.paymentId)?.mode) === mode);
    if (collection === "payments") {
      if (!id && method === "POST") return [201, paymentResource(createPayment(body, mode))];
      if (!id && method === "GET") return [200, page(path, query, "payments", ofMode([...payments.values()]), paymentResource)];
      const payment = findPayment(id, mode);
      if (!sub && method === "GET") {
        payment.reads += 1;
        return [200, paymentResource(payment)];
      }
      if (!sub && method === "DELETE") return [200, paymentResource(cancelPayment(payment))];
      if (sub === "refunds" && !subId && method === "POST") return [201, refundResource(createRefund(payment, body))];
      if (sub === "refunds" && !subId && method === "GET") return [200, page(path, query, "refunds", payment.refunds, refundResource)];
      if (sub === "refunds" && subId && method === "GET") return [200, refundResource(findRefund(payment, subId))];
      if (sub === "refunds" && subId && method === "DELETE") {
        cancelRefund(findRefund(payment, subId));
        return [204, null];
      }
      if (sub === "chargebacks" && !subId && method === "GET")
        return [200, page(path, query, "chargebacks", payment.chargebacks, chargebackResource)];
      if (sub === "chargebacks" && subId && method === "GET") {
        const chargeback = payment.chargebacks.find((c) => c.id === subId);
        if (!chargeback) throw notFound("chargeback");
        return [200, chargebackResource(chargeback)];
      }
    }
    if (collection === "refunds" && !id && method === "GET") return [200, page(path, query, "refunds", ofMode(allRefunds), refundResource)];
    if (collection === "chargebacks" && !id && method === "GET")
      return [200, page(path, query, "chargebacks", ofMode(allChargebacks()), chargebackResource)];
    if (collection === "methods" && !id && method === "GET") return [200, methodsList(query)];
    if (collection === "methods" && id && !sub && method === "GET") return [200, methodById(id, query)];
    if (collection === "customers") {
      if (!id && method === "POST") {
        const customer = {
          id: newId("cst"),
          mode,
          name: body.name ?? null,
          email: body.email ?? null,
          locale: body.locale ?? null,
          metadata: body.metadata ?? null,
          createdAt: new Date().toISOString(),
          mandates: new Map(),
        };
        customers.set(customer.id, customer);
        return [201, customerResource(customer)];
      }
      if (!id && method === "GET") return [200, page(path, query, "customers", ofMode([...customers.values()]), customerResource)];
      const customer = findCustomer(id, mode);
      if (!sub && method === "GET") return [200, customerResource(customer)];
      if (sub === "mandates" && !subId && method === "POST") return [201, mandateResource(customer, createMandate(customer, body))];
      if (sub === "mandates" && !subId && method === "GET")
        return [200, page(path, query, "mandates", [...customer.mandates.values()], (m) => mandateResource(customer, m))];
      if (sub === "mandates" && subId) {
        const mandate = customer.mandates.get(subId);
        if (!mandate) throw notFound("mandate");
        if (method === "GET") return [200, mandateResource(customer, mandate)];
        if (method === "DELETE") {
          mandate.status = "invalid";
          return [204, null];
        }
      }
      if (sub === "payments" && !subId && method === "POST") return [201, paymentResource(createPayment(body, mode, customer.id))];
      if (sub === "payments" && !subId && method === "GET")
        return [
          200,
          page(
            path,
            query,
            "payments",
            [...payments.values()].filter((p) => p.customerId === customer.id),
            paymentResource,
          ),
        ];
    }
    throw notFound("resource");
  }

  /**
   * Mollie's idempotency: a POST with a key done before (same API key, same key) answers what it
   * answered then, and does nothing again; the same key with another request answers 422.
   */
  function idempotentCall(apiKey, idempotencyKey, method, segments, query, body, mode) {
    if (method !== "POST" || !idempotencyKey) return api(method, segments, query, body, mode);
    const now = Date.now();
    for (const [stored, entry] of idempotent) if (now - entry.at > (IDEMPOTENCY_MINUTES * 60_000) / timeScale) idempotent.delete(stored);
    const storedKey = `${apiKey}\n${idempotencyKey}`;
    const fingerprint = `${segments.join("/")}\n${JSON.stringify(body)}`;
    const earlier = idempotent.get(storedKey);
    if (earlier) {
      if (earlier.fingerprint !== fingerprint)
        throw unprocessable("The Idempotency-Key was used before for another request.", "Idempotency-Key");
      return [earlier.status, earlier.body, true];
    }
    try {
      const [status, result] = api(method, segments, query, body, mode);
      idempotent.set(storedKey, { fingerprint, status, body: result, at: now });
      return [status, result];
    } catch (error) {
      // A refusal (4xx) is an answer too: Mollie gives the same one again.
      if (error instanceof MollieError && error.status < 500)
        idempotent.set(storedKey, { fingerprint, status: error.status, body: errorBody(error), at: now });
      throw error;
    }
  }

  function checkoutPage(payment) {
    const amount = formatAmount(payment.cents, payment.currency);
    const buttons = OUTCOMES.map((o) => `<button type="submit" name="outcome" value="${o.label.toLowerCase()}">${o.label}</button>`).join(
      "\n        ",
    );
    return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mollie test checkout</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}main{border:1px solid #ccc;border-radius:12px;padding:1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.3rem 1rem}dt{color:#666}button{font:inherit;padding:.6rem 1rem;margin:.25rem;border-radius:8px;border:1px solid #888;background:#f5f5f5;cursor:pointer}</style></head>
<body><main>
  <h1>Mollie test checkout</h1>
  <p>This is the local payment simulator. Choose what the bank answers.</p>
  <dl><dt>Payment</dt><dd>${escapeHtml(payment.id)}</dd><dt>Amount</dt><dd>${escapeHtml(amount.currency)} ${escapeHtml(amount.value)}</dd>
  <dt>Description</dt><dd>${escapeHtml(payment.description)}</dd><dt>Method</dt><dd>${escapeHtml(payment.method ?? "any")}</dd>
  <dt>Status</dt><dd>${escapeHtml(payment.status)}</dd></dl>
  <form method="post">
        ${buttons}
  </form>
</main></body></html>`;
  }

  function indexPage() {
    const rows = [...payments.values()]
      .reverse()
      .map((p) => {
        const amount = formatAmount(p.cents, p.currency);
        return `<tr><td><a href="/checkout/${escapeHtml(p.id)}">${escapeHtml(p.id)}</a></td><td>${escapeHtml(p.mode)}</td><td>${escapeHtml(amount.currency)} ${escapeHtml(amount.value)}</td><td>${escapeHtml(p.method ?? "")}</td><td>${escapeHtml(p.status)}${p.chargebacks.length ? " (charged back)" : ""}${p.refunds.length ? ` (refunds: ${p.refunds.map((r) => escapeHtml(r.status)).join(", ")})` : ""}</td><td>${escapeHtml(p.description)}</td></tr>`;
      })
      .join("\n");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie simulator</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left;border-bottom:1px solid #ddd}</style></head>
<body><h1>Mollie simulator</h1><p>API: <code>${escapeHtml(baseUrl)}/v2</code> (key <code>test_simulator</code> or <code>live_simulator</code>). Payments, newest first:</p>
<table><thead><tr><th>Payment</th><th>Mode</th><th>Amount</th><th>Method</th><th>Status</th><th>Description</th></tr></thead><tbody>${rows || '<tr><td colspan="6">No payments yet.</td></tr>'}</tbody></table></body></html>`;
  }

  async function readBody(req) {
    const chunks = [];
    let size = 0;
    for await (const chunk of req) {
      size += chunk.length;
      if (size > 1_000_000) throw new MollieError(413, "Payload Too Large", "The request is too large.");
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  }

  function send(res, status, type, text, headers = {}) {
    res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...headers });
    res.end(text);
  }

  const sendJson = (res, status, body, headers = {}) => {
    if (status === 204) {
      res.writeHead(204, { "Cache-Control": "no-store", ...headers });
      return res.end();
    }
    return send(res, status, "application/hal+json; charset=utf-8", JSON.stringify(body), headers);
  };

  function errorBody(error) {
    return {
      status: error.status,
      title: error.title,
      detail: error.message,
      ...(error.field ? { field: error.field } : {}),
      _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } },
    };
  }

  function sendError(res, error) {
    if (!(error instanceof MollieError)) {
      log(`error: ${error instanceof Error ? error.stack : error}`);
      error = new MollieError(500, "Internal Server Error", "The simulator failed.");
    }
    sendJson(res, error.status, errorBody(error));
  }

  /**
   * `POST /v2/_outage`: one fault switch (tools/fault-switch.mjs) for every call, or with `key` for
   * the calls of that API key alone. `{ calls }` fails the next calls; `{ rate }` that fraction of
   * calls at random (`rate: 0` and `calls: 0` end it); `kinds` says how: "503", "drop", "lost",
   * "hang" (no answer, nothing done) or "silent" (done, no answer); `{ calls }` alone means 503.
   * `GET` (`?key=`) shows the state: `{ outage }` (calls still to fail) and the switch's state.
   */
  function outageControl(res, method, body, query) {
    const forKey = method === "GET" ? query.get("key") : typeof body.key === "string" && body.key ? body.key : null;
    const target = () => {
      if (forKey === null) return faults;
      let own = keyFaults.get(forKey);
      if (!own) {
        own = createFaultSwitch({ allowedKinds });
        keyFaults.set(forKey, own);
      }
      return own;
    };
    if (method === "GET") {
      const state = target().state();
      return sendJson(res, 200, { outage: state.calls, key: forKey, ...state });
    }
    if (method !== "POST") throw new MollieError(405, "Method Not Allowed", "Use GET or POST.");
    const { key: _key, ...asked } = body;
    const settings = Object.keys(asked).length === 0 ? { calls: 1 } : asked;
    // An outage of N calls is N answers of 503, unless other kinds are asked for.
    const withKinds =
      settings.calls !== undefined && settings.kinds === undefined && settings.rate === undefined
        ? { ...settings, kinds: ["503"] }
        : settings;
    try {
      const state = target().configure(withKinds);
      return sendJson(res, 200, { outage: state.calls, key: forKey, ...state });
    } catch (error) {
      if (error instanceof FaultSettingsError) throw unprocessable(error.message, "rate");
      throw error;
    }
  }

  /** Keeps a request open without an answer until the client gives up (at most a minute). */
  function neverAnswer(res) {
    hanging.add(res);
    return new Promise((resolveHang) => {
      const end = () => {
        clearTimeout(timer);
        hanging.delete(res);
        resolveHang(undefined);
      };
      const timer = setTimeout(() => {
        res.destroy();
        end();
      }, 60_000);
      res.on("close", end);
    });
  }

  /** The tester's controls: no key needed, never failed by the fault switch. */
  async function control(res, method, segments, query, body) {
    const [, collection, id, sub, subId, action] = segments;
    if (collection === "payments" && sub === "simulate" && method === "POST") {
      return sendJson(res, 200, paymentResource(await simulate(findPayment(id), body)));
    }
    if (collection === "payments" && sub === "refunds" && action === "simulate" && method === "POST") {
      const payment = findPayment(id);
      return sendJson(res, 200, refundResource(await simulateRefund(payment, findRefund(payment, subId), body)));
    }
    if (collection === "payments" && sub === "_hold" && segments.length === 4) {
      findPayment(id);
      if (method === "POST") {
        let release;
        const released = new Promise((resolve) => {
          release = resolve;
        });
        heldReads.set(id, { come: false, release, released });
      }
      return sendJson(res, 200, { id, come: heldReads.get(id)?.come ?? false });
    }
    if (collection === "payments" && sub === "_release" && segments.length === 4 && method === "POST") {
      heldReads.get(id)?.release();
      heldReads.delete(id);
      return sendJson(res, 200, { id });
    }
    if (collection === "_reads" && segments.length === 3 && method === "GET")
      return sendJson(res, 200, { id, reads: findPayment(id).reads });
    if (collection === "_webhooks" && segments.length === 3 && method === "GET")
      return sendJson(res, 200, { id, calls: findPayment(id).webhooks });
    if (collection === "_outage") return outageControl(res, method, body, query);
    if (collection === "_keys" && method === "POST") {
      if (typeof body.key !== "string" || !/^(test|live)_\w+$/.test(body.key))
        throw unprocessable("A key starts with test_ or live_.", "key");
      keys.add(body.key);
      return sendJson(res, 200, { key: body.key, mode: body.key.startsWith("live_") ? "live" : "test" });
    }
    return false;
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? "/", "http://simulator");
    const segments = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
    const method = req.method ?? "GET";

    if (segments.length === 0 && method === "GET") return send(res, 200, "text/html; charset=utf-8", indexPage());

    if (segments[0] === "checkout" && segments.length === 2) {
      const payment = payments.get(segments[1]);
      if (!payment) return send(res, 404, "text/html; charset=utf-8", "<!doctype html><title>Not found</title><h1>No such payment</h1>");
      if (method === "GET") return send(res, 200, "text/html; charset=utf-8", checkoutPage(payment));
      if (method === "POST") {
        const form = new URLSearchParams(await readBody(req));
        const outcome = OUTCOMES.find((o) => o.label.toLowerCase() === form.get("outcome"));
        if (!outcome) return send(res, 400, "text/plain; charset=utf-8", "Choose an outcome.");
        setStatus(payment, outcome.status);
        if (outcome.chargeback) chargeBack(payment);
        await callWebhook(payment);
        return send(res, 303, "text/plain; charset=utf-8", "", { Location: payment.redirectUrl ?? "/" });
      }
    }

    if (segments[0] !== "v2") return sendError(res, notFound("resource"));

    try {
      const text = method === "POST" || method === "DELETE" ? await readBody(req) : "";
      let body = {};
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          throw new MollieError(400, "Bad Request", "The request body is not valid JSON.");
        }
      }
      if ((await control(res, method, segments, url.searchParams, body)) !== false) return;

      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      // A fault: "503", "drop" and "hang" before the call is carried out; "lost" and "silent" after it, instead of its answer.
      const fault = keyFaults.get(key)?.decide() ?? faults.decide();
      if (fault === "503") throw new MollieError(503, "Service Unavailable", "The simulator plays an outage.");
      if (fault === "drop") return res.socket?.destroy();
      if (fault === "hang") return neverAnswer(res);
      if (!keys.has(key)) throw new MollieError(401, "Unauthorized Request", "Missing authentication, or failed to authenticate");
      const mode = key.startsWith("live_") ? "live" : "test";
      const idempotencyKey = req.headers["idempotency-key"];
      const [status, result, replayed] = idempotentCall(
        key,
        typeof idempotencyKey === "string" ? idempotencyKey : null,
        method,
        segments.slice(1),
        url.searchParams,
        body,
        mode,
      );
      if (fault === "lost") return res.socket?.destroy();
      if (fault === "silent") return neverAnswer(res);
      const held = method === "GET" && segments.length === 3 && segments[1] === "payments" ? heldReads.get(segments[2]) : undefined;
      if (held && !held.come) {
        held.come = true;
        await held.released;
      }
      return sendJson(res, status, result, replayed ? { "Idempotent-Replayed": "true" } : {});
    } catch (error) {
      return sendError(res, error);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) sendError(res, error);
      else res.destroy();
    });
  });
  await new Promise((resolveListen, rejectListen) => {
    server.once("error", rejectListen);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  baseUrl = `http://${host}:${address.port}`;

  return {
    url: baseUrl,
    apiUrl: `${baseUrl}/v2`,
    port: address.port,
    faults,
    close: () =>
      new Promise((resolveClose) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        for (const res of hanging) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolveClose(undefined));
      }),
  };
}
