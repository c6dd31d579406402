import { describe, expect, it } from "vitest";
import { mollieProvider } from "./mollie.server";
import { PaymentProviderError } from "./provider.server";

/** A fetch that never answers, and gives up when the caller's signal does. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });

const answering =
  (status: number, body: unknown): typeof fetch =>
  async () =>
    new Response(JSON.stringify(body), { status });

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error as PaymentProviderError;
}

describe("the Mollie adapter's failures", () => {
  it("gives up on a Mollie that does not answer within the time limit, as unavailable", async () => {
    const provider = mollieProvider({ apiKey: "test_x", baseUrl: "https://mollie.invalid/v2", fetch: silent, timeoutMs: 60 });
    const started = Date.now();
    const error = await failure(provider.getPayment("tr_abc"));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(error.unavailable).toBe(true);
    expect(error.message).toContain("no answer within 60 ms");
  });

  it("treats a network error and a 5xx as unavailable, a refusal (4xx) as not", async () => {
    const down = mollieProvider({
      apiKey: "test_x",
      fetch: async () => {
        throw new TypeError("connection refused");
      },
    });
    expect((await failure(down.listMethods({ amountCents: 100, currency: "EUR", billingCountry: null, language: "nl" }))).unavailable).toBe(
      true,
    );
    const busy = mollieProvider({ apiKey: "test_x", fetch: answering(503, { detail: "down" }) });
    expect(
      await failure(busy.createRefund({ paymentId: "tr_a", amountCents: 100, currency: "EUR", description: "r", idempotencyKey: "k" })),
    ).toMatchObject({
      status: 503,
      unavailable: true,
    });
    const refused = mollieProvider({ apiKey: "test_x", fetch: answering(422, { detail: "too much", field: "amount" }) });
    expect(
      await failure(refused.createRefund({ paymentId: "tr_a", amountCents: 100, currency: "EUR", description: "r", idempotencyKey: "k" })),
    ).toMatchObject({
      status: 422,
      field: "amount",
      unavailable: false,
    });
  });

  it("sends every create with an Idempotency-Key, and tries a create that failed fast once more with the same key", async () => {
    const seen: { method: string; key: string | null }[] = [];
    let calls = 0;
    const flaky: typeof fetch = async (_input, init) => {
      const headers = new Headers(init?.headers);
      seen.push({ method: init?.method ?? "GET", key: headers.get("Idempotency-Key") });
      calls += 1;
      // The first try: the connection drops after Mollie did the work (the answer lost).
      if (calls === 1) throw new TypeError("socket hang up");
      return new Response(
        JSON.stringify({
          id: "tr_same",
          status: "open",
          method: null,
          amount: { currency: "EUR", value: "14.95" },
          metadata: null,
          createdAt: "2026-11-27T08:00:00+00:00",
          _links: { checkout: { href: "https://mollie.invalid/checkout" } },
        }),
        { status: 201 },
      );
    };
    const provider = mollieProvider({ apiKey: "test_x", fetch: flaky });
    const payment = await provider.createPayment({
      amountCents: 1495,
      currency: "EUR",
      description: "100 credits",
      method: "ideal",
      redirectUrl: "https://site.test/back",
      webhookUrl: "https://site.test/hook",
      language: "nl",
      metadata: { order_id: 1 },
      idempotencyKey: "order-1-abc",
    });
    expect(payment.id).toBe("tr_same");
    expect(seen).toEqual([
      { method: "POST", key: "order-1-abc" },
      { method: "POST", key: "order-1-abc" },
    ]);
  });

  it("does not try again a create that ran out of time, nor a read", async () => {
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls += 1;
      return silent(input, init);
    };
    const provider = mollieProvider({ apiKey: "test_x", fetch: counting, timeoutMs: 30 });
    await failure(provider.createRefund({ paymentId: "tr_a", amountCents: 100, currency: "EUR", description: "r", idempotencyKey: "k" }));
    expect(calls).toBe(1);
    const down = mollieProvider({ apiKey: "test_x", fetch: answering(503, {}) });
    await failure(down.getPayment("tr_abc"));
  });
});
