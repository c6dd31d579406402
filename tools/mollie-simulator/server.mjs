/**
 * A local stand-in for Mollie's REST API v2 (ADR 015): the calls app/payments/mollie.server.ts
 * makes, with Mollie's resource and error shapes, kept in memory. Its hosted checkout page lets a
 * tester decide what the bank answers (paid, failed, canceled, pending, expired, or paid and then
 * charged back); it then calls the webhook with the payment id, as Mollie does, and sends the
 * browser back to the redirect URL.
 *
 * Not Mollie's: `POST /v2/payments/:id/simulate`; `POST /v2/_outage` `{ calls }` (the next calls
 * answer 503), `{ rate, kinds }` (that fraction of calls fails at random, tools/fault-switch.mjs)
 * or `{ calls, mode, key }` (the next calls answer 503, never answer, or do their work and never
 * answer, optionally only for one API key); `GET /v2/_outage` for its state; `GET /v2/_reads/:id`
 * (how often the API read that payment); and a list of payments at `/`.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { FaultSettingsError, createFaultSwitch } from "../fault-switch.mjs";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Mollie-like ids: a prefix and ten random letters and digits. */
function newId(prefix) {
  const bytes = randomBytes(10);
  return `${prefix}_${Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("")}`;
}

/** The methods Mollie would enable on a test profile, with the currencies they take. */
const METHODS = [
  { id: "ideal", description: "iDEAL", currencies: ["EUR"] },
  { id: "bancontact", description: "Bancontact", currencies: ["EUR"] },
  { id: "creditcard", description: "Card", currencies: ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK", "USD"] },
  { id: "paypal", description: "PayPal", currencies: ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK", "USD"] },
  { id: "applepay", description: "Apple Pay", currencies: ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK", "USD"] },
  { id: "directdebit", description: "SEPA Direct Debit", currencies: ["EUR"] },
  { id: "banktransfer", description: "Bank transfer", currencies: ["EUR", "GBP", "CHF", "PLN", "SEK", "NOK", "DKK"] },
  { id: "eps", description: "EPS", currencies: ["EUR"] },
  { id: "giropay", description: "giropay", currencies: ["EUR"] },
  { id: "sofort", description: "SOFORT Banking", currencies: ["EUR"] },
  { id: "belfius", description: "Belfius Pay Button", currencies: ["EUR"] },
  { id: "kbc", description: "KBC/CBC Payment Button", currencies: ["EUR"] },
  { id: "blik", description: "BLIK", currencies: ["PLN"] },
  { id: "przelewy24", description: "Przelewy24", currencies: ["PLN", "EUR"] },
];

/** What the checkout page offers, and the status each button sets. */
const OUTCOMES = [
  { label: "Paid", status: "paid" },
  { label: "Failed", status: "failed" },
  { label: "Canceled", status: "canceled" },
  { label: "Pending", status: "pending" },
  { label: "Expired", status: "expired" },
  { label: "Chargeback", status: "paid", chargeback: true },
];

const STATUS_TIMESTAMP = { paid: "paidAt", failed: "failedAt", canceled: "canceledAt", expired: "expiredAt" };

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

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export async function startMollieSimulator({ port = 0, host = "127.0.0.1", publicUrl, log = () => {}, faults: faultSettings = {} } = {}) {
  /** @type {Map<string, any>} */
  const payments = new Map();
  /** @type {Map<string, any>} */
  const customers = new Map();
  /** API calls that fail as if Mollie were down: the next N, or a fraction at random (`POST /v2/_outage`). Off by default. */
  const faults = createFaultSwitch(faultSettings);
  /**
   * Outages still to play (`POST /v2/_outage`): the next `calls` API calls (with `key`, or any key)
   * answer 503 ("error"), never answer ("hang"), or do their work and never answer ("lose", an
   * answer lost on the way back). A test that passes its own key is not disturbed by others.
   */
  /** @type {{ calls: number, mode: "error" | "hang" | "lose", key: string | null }[]} */
  let outages = [];
  /** Requests left unanswered, ended when the client gives up or the simulator closes. */
  const hanging = new Set();
  let baseUrl = "";

  const apiLink = (path) => ({ href: `${baseUrl}/v2${path}`, type: "application/hal+json" });

  function paymentResource(p) {
    const refunded = p.refunds.reduce((sum, r) => sum + r.cents, 0);
    const chargedBack = p.chargebacks.reduce((sum, c) => sum + c.cents, 0);
    return {
      resource: "payment",
      id: p.id,
      mode: "test",
      createdAt: p.createdAt,
      status: p.status,
      isCancelable: p.status === "open",
      amount: formatAmount(p.cents, p.currency),
      ...(p.status === "paid"
        ? { amountRefunded: formatAmount(refunded, p.currency), amountRemaining: formatAmount(p.cents - refunded, p.currency) }
        : {}),
      ...(chargedBack > 0 ? { amountChargedBack: formatAmount(chargedBack, p.currency) } : {}),
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      locale: p.locale,
      profileId: "pfl_simulator",
      sequenceType: p.sequenceType,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
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
      },
    };
  }

  const refundResource = (p, r) => ({
    resource: "refund",
    id: r.id,
    amount: formatAmount(r.cents, p.currency),
    status: r.status,
    createdAt: r.createdAt,
    description: r.description,
    paymentId: p.id,
    _links: { self: apiLink(`/payments/${p.id}/refunds/${r.id}`), payment: apiLink(`/payments/${p.id}`) },
  });

  const chargebackResource = (p, c) => ({
    resource: "chargeback",
    id: c.id,
    amount: formatAmount(c.cents, p.currency),
    createdAt: c.createdAt,
    paymentId: p.id,
    _links: { self: apiLink(`/payments/${p.id}/chargebacks/${c.id}`), payment: apiLink(`/payments/${p.id}`) },
  });

  const mandateResource = (customer, m) => ({
    resource: "mandate",
    id: m.id,
    mode: "test",
    status: m.status,
    method: "directdebit",
    details: { consumerName: m.consumerName, consumerAccount: m.consumerAccount, consumerBic: null },
    mandateReference: m.mandateReference,
    signatureDate: m.signatureDate,
    createdAt: m.createdAt,
    _links: { self: apiLink(`/customers/${customer.id}/mandates/${m.id}`), customer: apiLink(`/customers/${customer.id}`) },
  });

  const customerResource = (c) => ({
    resource: "customer",
    id: c.id,
    mode: "test",
    name: c.name,
    email: c.email,
    locale: c.locale,
    metadata: c.metadata,
    createdAt: c.createdAt,
    _links: { self: apiLink(`/customers/${c.id}`), mandates: apiLink(`/customers/${c.id}/mandates`) },
  });

  const list = (key, items) => ({ count: items.length, _embedded: { [key]: items }, _links: { self: null, previous: null, next: null } });

  function findPayment(id) {
    const payment = payments.get(id);
    if (!payment) throw notFound("payment");
    return payment;
  }

  function findCustomer(id) {
    const customer = customers.get(id);
    if (!customer) throw notFound("customer");
    return customer;
  }

  function setStatus(payment, status) {
    payment.status = status;
    const stamp = STATUS_TIMESTAMP[status];
    if (stamp && !payment[stamp]) payment[stamp] = new Date().toISOString();
  }

  function chargeBack(payment) {
    if (payment.status !== "paid") throw unprocessable("Only a paid payment can be charged back.", "status");
    const refunded = payment.refunds.reduce((sum, r) => sum + r.cents, 0);
    payment.chargebacks.push({ id: newId("chb"), cents: payment.cents - refunded, createdAt: new Date().toISOString() });
  }

  /** Mollie calls the webhook with only the id; a failing webhook is logged, never thrown. */
  async function callWebhook(payment) {
    if (!payment.webhookUrl) return;
    const post = (url) =>
      fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ id: payment.id }),
        signal: AbortSignal.timeout(15_000),
      });
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
      log(`webhook ${payment.webhookUrl} for ${payment.id}: ${response.status}`);
    } catch (error) {
      log(`webhook ${payment.webhookUrl} for ${payment.id} failed: ${error instanceof Error ? error.message : error}`);
    }
  }

  function createPayment(body) {
    const { currency, cents } = parseAmount(body.amount);
    if (cents < 1) throw unprocessable("The amount is lower than the minimum.", "amount");
    if (typeof body.description !== "string" || !body.description.trim()) throw unprocessable("The description is invalid.", "description");
    const recurring = body.sequenceType === "recurring";
    if (!recurring && (typeof body.redirectUrl !== "string" || !/^https?:\/\//.test(body.redirectUrl))) {
      throw unprocessable("The redirect URL is invalid.", "redirectUrl");
    }
    if (body.webhookUrl !== undefined && (typeof body.webhookUrl !== "string" || !/^https?:\/\//.test(body.webhookUrl))) {
      throw unprocessable("The webhook URL is invalid.", "webhookUrl");
    }
    if (body.method !== undefined && body.method !== null && !METHODS.some((m) => m.id === body.method)) {
      throw unprocessable("The payment method is invalid.", "method");
    }
    if (body.method && !METHODS.find((m) => m.id === body.method)?.currencies.includes(currency)) {
      throw unprocessable(`The payment method is not available for ${currency}.`, "method");
    }
    let method = body.method ?? null;
    if (recurring) {
      const customer = findCustomer(body.customerId);
      const mandate = customer.mandates.get(body.mandateId);
      if (mandate?.status !== "valid") throw unprocessable("The mandate is invalid.", "mandateId");
      method = "directdebit";
    }
    const payment = {
      id: newId("tr"),
      createdAt: new Date().toISOString(),
      status: recurring ? "pending" : "open",
      cents,
      currency,
      description: body.description,
      method,
      metadata: body.metadata ?? null,
      locale: body.locale ?? null,
      sequenceType: recurring ? "recurring" : "oneoff",
      redirectUrl: body.redirectUrl ?? null,
      webhookUrl: body.webhookUrl ?? null,
      customerId: recurring ? body.customerId : null,
      mandateId: recurring ? body.mandateId : null,
      refunds: [],
      chargebacks: [],
      /** How often `GET /v2/payments/:id` read it (`GET /v2/_reads/:id`). */
      reads: 0,
    };
    payments.set(payment.id, payment);
    log(`payment ${payment.id} ${payment.status} ${formatAmount(cents, currency).value} ${currency}`);
    return payment;
  }

  function createRefund(payment, body) {
    if (payment.status !== "paid") throw unprocessable("The payment cannot be refunded: it is not paid.", "amount");
    const { currency, cents } = parseAmount(body.amount);
    if (currency !== payment.currency) throw unprocessable("The currency differs from the payment's.", "amount.currency");
    const refunded = payment.refunds.reduce((sum, r) => sum + r.cents, 0);
    const chargedBack = payment.chargebacks.reduce((sum, c) => sum + c.cents, 0);
    if (cents < 1 || cents > payment.cents - refunded - chargedBack)
      throw unprocessable("The amount is higher than the amount that can be refunded.", "amount");
    const refund = { id: newId("re"), cents, status: "pending", description: body.description ?? "", createdAt: new Date().toISOString() };
    payment.refunds.push(refund);
    return refund;
  }

  function createMandate(customer, body) {
    if (body.method !== "directdebit") throw unprocessable("Only direct debit mandates can be made.", "method");
    if (typeof body.consumerName !== "string" || !body.consumerName.trim())
      throw unprocessable("The consumer name is invalid.", "consumerName");
    if (typeof body.consumerAccount !== "string" || !/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(body.consumerAccount)) {
      throw unprocessable("The consumer account is invalid.", "consumerAccount");
    }
    const mandate = {
      id: newId("mdt"),
      status: "valid",
      consumerName: body.consumerName,
      consumerAccount: body.consumerAccount,
      signatureDate: body.signatureDate ?? new Date().toISOString().slice(0, 10),
      mandateReference: body.mandateReference ?? null,
      createdAt: new Date().toISOString(),
    };
    customer.mandates.set(mandate.id, mandate);
    return mandate;
  }

  async function simulate(payment, body) {
    if (body.status !== undefined) {
      if (!["open", "pending", "paid", "failed", "canceled", "expired"].includes(body.status))
        throw unprocessable("Unknown status.", "status");
      setStatus(payment, body.status);
    }
    if (body.chargeback) chargeBack(payment);
    if (body.callWebhook) await callWebhook(payment);
    return payment;
  }

  /** The JSON API under /v2. Returns [status, body]. */
  async function api(method, segments, query, body) {
    const [collection, id, sub, subId] = segments;
    if (collection === "payments") {
      if (!id && method === "POST") return [201, paymentResource(createPayment(body))];
      if (!id && method === "GET") return [200, list("payments", [...payments.values()].reverse().map(paymentResource))];
      const payment = findPayment(id);
      if (!sub && method === "GET") {
        payment.reads += 1;
        return [200, paymentResource(payment)];
      }
      if (sub === "refunds" && method === "POST") return [201, refundResource(payment, createRefund(payment, body))];
      if (sub === "refunds" && method === "GET")
        return [
          200,
          list(
            "refunds",
            payment.refunds.map((r) => refundResource(payment, r)),
          ),
        ];
      if (sub === "chargebacks" && method === "GET" && !subId)
        return [
          200,
          list(
            "chargebacks",
            payment.chargebacks.map((c) => chargebackResource(payment, c)),
          ),
        ];
    }
    if (collection === "methods" && !id && method === "GET") {
      const currency = query.get("amount[currency]") ?? "EUR";
      const methods = METHODS.filter((m) => m.currencies.includes(currency)).filter(
        (m) => query.get("sequenceType") !== "recurring" || m.id === "directdebit" || m.id === "creditcard",
      );
      return [
        200,
        list(
          "methods",
          methods.map((m) => ({
            resource: "method",
            id: m.id,
            description: m.description,
            status: "activated",
            image: {
              size1x: `https://www.mollie.com/external/icons/payment-methods/${m.id}.png`,
              svg: `https://www.mollie.com/external/icons/payment-methods/${m.id}.svg`,
            },
          })),
        ),
      ];
    }
    if (collection === "customers") {
      if (!id && method === "POST") {
        const customer = {
          id: newId("cst"),
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
      const customer = findCustomer(id);
      if (!sub && method === "GET") return [200, customerResource(customer)];
      if (sub === "mandates" && !subId && method === "POST") return [201, mandateResource(customer, createMandate(customer, body))];
      if (sub === "mandates" && !subId && method === "GET")
        return [
          200,
          list(
            "mandates",
            [...customer.mandates.values()].map((m) => mandateResource(customer, m)),
          ),
        ];
      if (sub === "mandates" && subId && method === "GET") {
        const mandate = customer.mandates.get(subId);
        if (!mandate) throw notFound("mandate");
        return [200, mandateResource(customer, mandate)];
      }
    }
    throw notFound("resource");
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
        return `<tr><td><a href="/checkout/${escapeHtml(p.id)}">${escapeHtml(p.id)}</a></td><td>${escapeHtml(amount.currency)} ${escapeHtml(amount.value)}</td><td>${escapeHtml(p.method ?? "")}</td><td>${escapeHtml(p.status)}${p.chargebacks.length ? " (charged back)" : ""}${p.refunds.length ? " (refunded)" : ""}</td><td>${escapeHtml(p.description)}</td></tr>`;
      })
      .join("\n");
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie simulator</title>
<style>body{font:15px system-ui,sans-serif;margin:2rem}td,th{padding:.3rem .8rem;text-align:left;border-bottom:1px solid #ddd}</style></head>
<body><h1>Mollie simulator</h1><p>API: <code>${escapeHtml(baseUrl)}/v2</code> (any key starting with <code>test_</code>). Payments, newest first:</p>
<table><thead><tr><th>Payment</th><th>Amount</th><th>Method</th><th>Status</th><th>Description</th></tr></thead><tbody>${rows || '<tr><td colspan="5">No payments yet.</td></tr>'}</tbody></table></body></html>`;
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

  const sendJson = (res, status, body) => send(res, status, "application/hal+json; charset=utf-8", JSON.stringify(body));

  function sendError(res, error) {
    if (!(error instanceof MollieError)) {
      log(`error: ${error instanceof Error ? error.stack : error}`);
      error = new MollieError(500, "Internal Server Error", "The simulator failed.");
    }
    sendJson(res, error.status, {
      status: error.status,
      title: error.title,
      detail: error.message,
      ...(error.field ? { field: error.field } : {}),
      _links: { documentation: { href: "https://docs.mollie.com/overview/handling-errors", type: "text/html" } },
    });
  }

  /**
   * `POST /v2/_outage`: `{ calls }` fails the next calls with 503 (without a body, the next one);
   * `{ rate, kinds }` fails that fraction of calls at random, as the kinds of tools/fault-switch.mjs
   * (`rate: 0` ends it). `GET` shows the state. The answer: `{ outage }` (calls still to fail) and
   * the switch's state.
   */
  function outageControl(res, method, body) {
    if (method === "GET") return sendJson(res, 200, { outage: faults.state().calls, ...faults.state() });
    if (method !== "POST") throw new MollieError(405, "Method Not Allowed", "Use GET or POST.");
    if (body.mode !== undefined || body.key !== undefined) return keyedOutage(res, body);
    const asked = body.calls === undefined && body.rate === undefined && body.kinds === undefined ? { calls: 1 } : body;
    // An outage of N calls is N answers of 503, unless other kinds are asked for.
    const settings =
      asked.calls !== undefined && asked.kinds === undefined && asked.rate === undefined ? { ...asked, kinds: ["503"] } : asked;
    try {
      const state = faults.configure(settings);
      return sendJson(res, 200, { outage: state.calls, ...state });
    } catch (error) {
      if (error instanceof FaultSettingsError) throw unprocessable(error.message, "rate");
      throw error;
    }
  }

  /** `{ calls, mode, key }`: the next calls (of that API key, or any) fail in that way. */
  function keyedOutage(res, body) {
    const calls = Number.isInteger(body.calls) && body.calls >= 0 ? body.calls : 1;
    const mode = ["error", "hang", "lose"].includes(body.mode) ? body.mode : "error";
    const forKey = typeof body.key === "string" && body.key ? body.key : null;
    outages = outages.filter((o) => o.key !== forKey);
    if (calls > 0) outages.push({ calls, mode, key: forKey });
    return sendJson(res, 200, { outage: calls, mode, key: forKey });
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
      const text = method === "POST" ? await readBody(req) : "";
      let body = {};
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          throw new MollieError(400, "Bad Request", "The request body is not valid JSON.");
        }
      }
      // The tester's controls: no key needed, like the checkout page.
      if (segments[1] === "payments" && segments[3] === "simulate" && method === "POST") {
        return sendJson(res, 200, paymentResource(await simulate(findPayment(segments[2]), body)));
      }
      if (segments[1] === "_reads" && segments.length === 3 && method === "GET") {
        return sendJson(res, 200, { id: segments[2], reads: findPayment(segments[2]).reads });
      }
      if (segments[1] === "_outage") return outageControl(res, method, body);
      // A fault: "503" and "drop" before the call is carried out, "lost" after it, instead of its answer.
      const fault = faults.decide();
      if (fault === "503") throw new MollieError(503, "Service Unavailable", "The simulator plays an outage.");
      if (fault === "drop") return res.socket?.destroy();
      const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const outage = outages.find((o) => o.key === key) ?? outages.find((o) => o.key === null);
      if (outage) {
        outage.calls -= 1;
        if (outage.calls <= 0) outages = outages.filter((o) => o !== outage);
        if (outage.mode === "error") throw new MollieError(503, "Service Unavailable", "The simulator plays an outage.");
        if (outage.mode === "lose") await api(method, segments.slice(1), url.searchParams, body).catch(() => undefined);
        return neverAnswer(res);
      }
      if (!/^(test|live)_\w+$/.test(key))
        throw new MollieError(401, "Unauthorized Request", "Missing authentication, or failed to authenticate");
      const [status, result] = await api(method, segments.slice(1), url.searchParams, body);
      if (fault === "lost") return res.socket?.destroy();
      return sendJson(res, status, result);
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
        for (const res of hanging) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolveClose(undefined));
      }),
  };
}
