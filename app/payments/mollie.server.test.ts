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
    expect(await failure(busy.createRefund({ paymentId: "tr_a", amountCents: 100, currency: "EUR", description: "r" }))).toMatchObject({
      status: 503,
      unavailable: true,
    });
    const refused = mollieProvider({ apiKey: "test_x", fetch: answering(422, { detail: "too much", field: "amount" }) });
    expect(await failure(refused.createRefund({ paymentId: "tr_a", amountCents: 100, currency: "EUR", description: "r" }))).toMatchObject({
      status: 422,
      field: "amount",
      unavailable: false,
    });
  });
});
