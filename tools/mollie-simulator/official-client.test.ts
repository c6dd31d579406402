// The simulator's contract test: Mollie's own Node client (@mollie/api-client), pointed at the
// simulator, must parse every answer the way it parses Mollie's (ADR 050). Each call the app makes
// and each call the simulator claims is driven through the client, and the fields Mollie documents
// are asserted on what the client returns.
import http from "node:http";
import https from "node:https";
import createMollieClient, { Locale, MandateMethod, type MollieClient, PaymentMethod, SequenceType } from "@mollie/api-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMollieSimulator, type MollieSimulator } from "./server.mjs";

let simulator: MollieSimulator;
let mollie: MollieClient;

/**
 * Mollie's client, unchanged, pointed at the simulator. The client always makes its own
 * `https.Agent` (Mollie is HTTPS only), which Node refuses for an `http:` URL; while the client is
 * built, that one agent is swapped for a plain HTTP one. Everything above the socket (headers,
 * Idempotency-Key, retries, parsing, errors) is the client's own.
 */
function simulatorClient(apiKey: string): MollieClient {
  const httpsAgent = https.Agent;
  // biome-ignore lint/suspicious/noExplicitAny: the one swap described above.
  (https as any).Agent = function PlainHttpAgent() {
    return new http.Agent();
  };
  try {
    return createMollieClient({ apiKey, apiEndpoint: `${simulator.apiUrl}/` });
  } finally {
    https.Agent = httpsAgent;
  }
}

beforeAll(async () => {
  simulator = await startMollieSimulator();
  mollie = simulatorClient("test_simulator");
});

afterAll(async () => {
  await simulator.close();
});

/** The tester's controls (no key), which Mollie's client does not know. */
async function simulate(path: string, body: Record<string, unknown>) {
  const response = await fetch(`${simulator.apiUrl}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ callWebhook: false, ...body }),
  });
  expect(response.status).toBe(200);
}

const oneOff = (value = "14.95") => ({
  amount: { currency: "EUR", value },
  description: "500 credits",
  redirectUrl: "http://localhost:8787/credits/p2/ideal?order=1",
  webhookUrl: "http://127.0.0.1:9/api/payment-webhook.php",
  metadata: { order_id: 1 },
});

describe("Mollie's official client against the simulator", () => {
  it("creates a payment once per Idempotency-Key, gets it, and cancels it while open", async () => {
    const idempotencyKey = `order-${Date.now()}`;
    const payment = await mollie.payments.create({ ...oneOff(), method: PaymentMethod.ideal, idempotencyKey });
    expect(payment).toMatchObject({
      resource: "payment",
      mode: "test",
      status: "open",
      amount: { currency: "EUR", value: "14.95" },
      description: "500 credits",
      method: "ideal",
      metadata: { order_id: 1 },
      sequenceType: "oneoff",
      isCancelable: true,
    });
    expect(payment.id).toMatch(/^tr_/);
    expect(payment.getCheckoutUrl()).toBe(`${simulator.url}/checkout/${payment.id}`);
    expect(payment.getDashboardUrl()).toBe(`${simulator.url}/?payment=${payment.id}`);
    expect(payment._links.self.href).toBe(`${simulator.apiUrl}/payments/${payment.id}`);
    expect(new Date(payment.createdAt).toString()).not.toBe("Invalid Date");

    const again = await mollie.payments.create({ ...oneOff(), method: PaymentMethod.ideal, idempotencyKey });
    expect(again.id).toBe(payment.id);

    const fetched = await mollie.payments.get(payment.id);
    expect(fetched).toMatchObject({ id: payment.id, status: "open", redirectUrl: oneOff().redirectUrl });

    const canceled = await mollie.payments.cancel(payment.id);
    expect(canceled).toMatchObject({ id: payment.id, status: "canceled", isCancelable: false });
    expect(canceled.canceledAt).toBeTruthy();
    await expect(mollie.payments.cancel(payment.id)).rejects.toMatchObject({ statusCode: 422 });
    await expect(mollie.payments.get("tr_unknown0000")).rejects.toMatchObject({ statusCode: 404 });
  });

  it("pages through payments by cursor, newest first, page by page and by iterating", async () => {
    const created: string[] = [];
    for (let i = 0; i < 5; i += 1) created.push((await mollie.payments.create(oneOff("1.00"))).id);
    const first = await mollie.payments.page({ limit: 2 });
    expect(first).toHaveLength(2);
    expect(first.map((p) => p.id)).toEqual([created[4], created[3]]);
    expect(first.links.next).toBeTruthy();
    expect(first.nextPageCursor).toBe(created[2]);
    const second = await first.nextPage?.();
    expect(second?.map((p) => p.id)).toEqual([created[2], created[1]]);

    // Iterating asks for pages of 128 and follows `_links.next` until it is null: 135 payments
    // make a second page.
    for (let i = 0; i < 130; i += 1) created.push((await mollie.payments.create(oneOff("1.00"))).id);
    const iterated: string[] = [];
    for await (const payment of mollie.payments.iterate()) iterated.push(payment.id);
    expect(new Set(iterated).size).toBe(iterated.length);
    expect(iterated.slice(0, created.length)).toEqual([...created].reverse());
    await expect(mollie.payments.page({ limit: 251 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it("refunds a paid payment: create, get, list per payment and overall, cancel while pending", async () => {
    const payment = await mollie.payments.create({ ...oneOff("20.00"), method: PaymentMethod.ideal });
    await simulate(`/payments/${payment.id}/simulate`, { status: "paid" });
    const paid = await mollie.payments.get(payment.id);
    expect(paid).toMatchObject({ status: "paid", method: "ideal", amountRemaining: { value: "20.00" } });
    expect(paid.details).toMatchObject({ consumerName: expect.any(String), consumerAccount: expect.any(String) });
    expect(paid.paidAt).toBeTruthy();

    const refund = await mollie.paymentRefunds.create({
      paymentId: payment.id,
      amount: { currency: "EUR", value: "5.00" },
      description: "goodwill",
      idempotencyKey: `refund-${payment.id}`,
    });
    expect(refund).toMatchObject({
      resource: "refund",
      paymentId: payment.id,
      amount: { currency: "EUR", value: "5.00" },
      description: "goodwill",
    });
    expect(refund.id).toMatch(/^re_/);
    expect(["queued", "pending"]).toContain(refund.status);

    const got = await mollie.paymentRefunds.get(refund.id, { paymentId: payment.id });
    expect(got).toMatchObject({ id: refund.id, paymentId: payment.id });
    const perPayment = await mollie.paymentRefunds.page({ paymentId: payment.id });
    expect(perPayment.map((r) => r.id)).toEqual([refund.id]);
    const overall = await mollie.refunds.page({ limit: 250 });
    expect(overall.map((r) => r.id)).toContain(refund.id);
    const second = await mollie.paymentRefunds.create({ paymentId: payment.id, amount: { currency: "EUR", value: "1.00" } });
    const newest = await mollie.refunds.page({ limit: 1 });
    expect(newest.map((r) => r.id)).toEqual([second.id]);
    expect((await newest.nextPage?.())?.map((r) => r.id)).toEqual([refund.id]);
    expect(await mollie.paymentRefunds.cancel(second.id, { paymentId: payment.id })).toBe(true);
    expect(await mollie.payments.get(payment.id)).toMatchObject({
      amountRefunded: { value: "5.00" },
      amountRemaining: { value: "15.00" },
    });

    expect(await mollie.paymentRefunds.cancel(refund.id, { paymentId: payment.id })).toBe(true);
    expect(await mollie.paymentRefunds.get(refund.id, { paymentId: payment.id })).toMatchObject({ status: "canceled" });
    expect(await mollie.payments.get(payment.id)).toMatchObject({ amountRemaining: { value: "20.00" } });
  });

  it("reads a chargeback per payment and in the overall list, and counts it off amountRemaining", async () => {
    const payment = await mollie.payments.create({ ...oneOff("9.95"), method: PaymentMethod.creditcard });
    await simulate(`/payments/${payment.id}/simulate`, { status: "paid" });
    await simulate(`/payments/${payment.id}/simulate`, { chargeback: true });
    const list = await mollie.paymentChargebacks.page({ paymentId: payment.id });
    expect(list).toHaveLength(1);
    const [chargeback] = list;
    if (!chargeback) throw new Error("no chargeback listed");
    expect(chargeback).toMatchObject({ resource: "chargeback", paymentId: payment.id, amount: { value: "9.95" }, reversedAt: null });
    expect(chargeback.id).toMatch(/^chb_/);
    const got = await mollie.paymentChargebacks.get(chargeback.id, { paymentId: payment.id });
    expect(got).toMatchObject({ id: chargeback.id, amount: { currency: "EUR", value: "9.95" } });
    expect(got.createdAt).toBeTruthy();
    const overall = await mollie.chargebacks.page({ limit: 250 });
    expect(overall.map((c) => c.id)).toContain(chargeback.id);
    expect(await mollie.payments.get(payment.id)).toMatchObject({
      amountChargedBack: { value: "9.95" },
      amountRemaining: { value: "0.00" },
    });

    await simulate(`/payments/${payment.id}/simulate`, { reverseChargeback: true });
    expect((await mollie.paymentChargebacks.get(chargeback.id, { paymentId: payment.id })).reversedAt).toBeTruthy();
    expect(await mollie.payments.get(payment.id)).toMatchObject({ amountRemaining: { value: "9.95" } });
  });

  it("lists methods for an amount and a sequence type, each with its minimum and maximum", async () => {
    const methods = await mollie.methods.list({
      amount: { currency: "EUR", value: "10.00" },
      sequenceType: SequenceType.oneoff,
      locale: Locale.nl_NL,
      billingCountry: "NL",
    });
    const ideal = methods.find((m) => m.id === "ideal");
    expect(ideal).toMatchObject({ resource: "method", description: expect.any(String) });
    expect(ideal?.minimumAmount).toMatchObject({ currency: "EUR", value: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(ideal?.maximumAmount).toMatchObject({ currency: "EUR", value: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(ideal?.image.svg).toMatch(/^https?:\/\//);

    expect(await mollie.methods.get("ideal")).toMatchObject({ id: "ideal", minimumAmount: ideal?.minimumAmount });
    await expect(mollie.methods.get("nope")).rejects.toMatchObject({ statusCode: 404 });

    const big = await mollie.methods.list({ amount: { currency: "EUR", value: "9000.00" } });
    expect(big.map((m) => m.id)).not.toContain("paypal");
    const recurring = await mollie.methods.list({ amount: { currency: "EUR", value: "10.00" }, sequenceType: SequenceType.recurring });
    expect(recurring.map((m) => m.id).sort()).toEqual(["applepay", "creditcard", "directdebit", "paypal"]);
  });

  it("creates a customer, a first payment that leaves a mandate, and a recurring payment on it", async () => {
    const customer = await mollie.customers.create({ name: "Jan", email: "jan@example.test", locale: Locale.nl_NL });
    expect(customer).toMatchObject({ resource: "customer", mode: "test", name: "Jan", email: "jan@example.test" });
    expect(customer.id).toMatch(/^cst_/);
    expect(await mollie.customers.get(customer.id)).toMatchObject({ id: customer.id });

    const first = await mollie.customerPayments.create({
      customerId: customer.id,
      amount: { currency: "EUR", value: "0.01" },
      description: "first",
      redirectUrl: "http://localhost/back",
      sequenceType: SequenceType.first,
    });
    expect(first).toMatchObject({ sequenceType: "first", customerId: customer.id, status: "open" });
    expect(await mollie.customerMandates.page({ customerId: customer.id })).toHaveLength(0);

    await simulate(`/payments/${first.id}/simulate`, { status: "paid" });
    const paid = await mollie.payments.get(first.id);
    expect(paid.mandateId).toMatch(/^mdt_/);
    const mandates = await mollie.customerMandates.page({ customerId: customer.id });
    expect(mandates).toHaveLength(1);
    expect(mandates[0]).toMatchObject({ resource: "mandate", id: paid.mandateId, status: "valid", method: "directdebit" });
    expect(mandates[0]?.details).toMatchObject({ consumerAccount: expect.any(String) });

    const recurring = await mollie.customerPayments.create({
      customerId: customer.id,
      amount: { currency: "EUR", value: "14.95" },
      description: "again",
      sequenceType: SequenceType.recurring,
      idempotencyKey: `recurring-${customer.id}`,
    });
    expect(recurring).toMatchObject({ sequenceType: "recurring", mandateId: paid.mandateId, status: "pending" });
    const listed = await mollie.customerPayments.page({ customerId: customer.id });
    expect(listed.map((p) => p.id)).toEqual([recurring.id, first.id]);

    const mandate = await mollie.customerMandates.create({
      customerId: customer.id,
      method: MandateMethod.directdebit,
      consumerName: "Jan",
      consumerAccount: "NL91ABNA0417164300",
    });
    expect(mandate).toMatchObject({ status: "valid", details: { consumerAccount: "NL91ABNA0417164300" } });
    // The app collects a recurring payment through /payments with the customer and the mandate.
    const onMandate = await mollie.payments.create({
      amount: { currency: "EUR", value: "4.95" },
      description: "on the mandate",
      webhookUrl: "http://127.0.0.1:9/api/payment-webhook.php",
      locale: Locale.nl_NL,
      sequenceType: SequenceType.recurring,
      customerId: customer.id,
      mandateId: mandate.id,
    });
    expect(onMandate).toMatchObject({ sequenceType: "recurring", customerId: customer.id, mandateId: mandate.id, method: "directdebit" });
    await expect(
      mollie.customerMandates.create({
        customerId: customer.id,
        method: MandateMethod.directdebit,
        consumerName: "Jan",
        consumerAccount: "NL91ABNA0417164301",
      }),
    ).rejects.toMatchObject({ statusCode: 422, field: "consumerAccount" });
  });

  it("answers an outage with a 503 that the client waits out and retries, into exactly one payment", async () => {
    const control = (path: string, body: unknown) =>
      fetch(`${simulator.apiUrl}${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    expect((await control("/_keys", { key: "test_outage" })).ok).toBe(true);
    expect((await control("/_outage", { calls: 1, kinds: ["503"], key: "test_outage" })).ok).toBe(true);
    const before = (await mollie.payments.page({ limit: 1 }))[0]?.id;

    const payment = await simulatorClient("test_outage").payments.create(oneOff("3.00"));

    expect(payment).toMatchObject({ status: "open", amount: { value: "3.00" } });
    const newest = await mollie.payments.page({ limit: 2 });
    expect(newest.map((p) => p.id)).toEqual([payment.id, before]);
    const outage = await (await fetch(`${simulator.apiUrl}/_outage?key=test_outage`)).json();
    expect(outage).toMatchObject({ outage: 0, injected: { 503: 1 } });
  });

  it("rejects an unknown API key with 401, and gives a live_ key live-mode payments only", async () => {
    const stranger = simulatorClient("test_unknownkeyunknownkeyunknown");
    await expect(stranger.payments.page()).rejects.toMatchObject({ statusCode: 401 });

    const live = simulatorClient("live_simulator");
    const payment = await live.payments.create({ ...oneOff(), method: PaymentMethod.ideal });
    expect(payment.mode).toBe("live");
    expect((await live.payments.get(payment.id)).mode).toBe("live");
    await expect(mollie.payments.get(payment.id)).rejects.toMatchObject({ statusCode: 404 });
    expect((await live.payments.page({ limit: 250 })).every((p) => p.mode === "live")).toBe(true);
  });
});
