/**
 * The Mollie simulator from inside the tests (tests/workers/global-setup.ts starts it; the Worker
 * reaches it at MOLLIE_API_URL): read a payment as Mollie would return it, and tell it what the
 * bank said.
 */
import { env, exports } from "cloudflare:workers";

type Amount = { currency: string; value: string };
export type SimulatedPayment = {
  id: string;
  status: string;
  method: string | null;
  amount: Amount;
  amountRefunded?: Amount;
  amountChargedBack?: Amount;
  metadata: Record<string, unknown> | null;
  _links: { checkout?: { href: string } };
};

function apiUrl(): string {
  const url = (env as unknown as { MOLLIE_API_URL?: string }).MOLLIE_API_URL;
  if (!url) throw new Error("MOLLIE_API_URL is not set: is the simulator started by the global setup?");
  return url.replace(/\/$/, "");
}

async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<SimulatedPayment> {
  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers: { Authorization: "Bearer test_simulator", "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`Mollie simulator ${method} ${path}: ${response.status} ${text}`);
  return JSON.parse(text) as SimulatedPayment;
}

export function getSimulatedPayment(id: string) {
  return call("GET", `/payments/${id}`);
}

/**
 * Sets what the bank said (a status, a chargeback, or the reversal of one). The simulator calls the
 * payment's webhook URL in the background, as Mollie does; in these tests that URL
 * (http://localhost/…) reaches no Worker, so the tests call the webhook themselves (`webhook`).
 */
export function simulatePayment(
  id: string,
  outcome: {
    status?: "open" | "pending" | "paid" | "failed" | "canceled" | "expired";
    chargeback?: boolean;
    reverseChargeback?: boolean;
    callWebhook?: boolean;
  },
) {
  return call("POST", `/payments/${id}/simulate`, { callWebhook: false, ...outcome });
}

type SimulatedRefund = { id: string; status: string; paymentId: string };

/** The refunds of a payment at the simulator, newest first. */
export async function simulatedRefunds(paymentId: string): Promise<SimulatedRefund[]> {
  const response = await fetch(`${apiUrl()}/payments/${paymentId}/refunds`, { headers: { Authorization: "Bearer test_simulator" } });
  if (!response.ok) throw new Error(`Mollie simulator refunds: ${response.status}`);
  return ((await response.json()) as { _embedded: { refunds: SimulatedRefund[] } })._embedded.refunds;
}

/** What the bank did with a refund: processing, refunded, or failed (the member's account closed). */
export async function simulateRefund(paymentId: string, refundId: string, status: "processing" | "refunded" | "failed" | "canceled") {
  const response = await fetch(`${apiUrl()}/payments/${paymentId}/refunds/${refundId}/simulate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ status, callWebhook: false }),
  });
  if (!response.ok) throw new Error(`Mollie simulator refund: ${response.status} ${await response.text()}`);
}

/**
 * Makes the next `calls` API calls fail, as if Mollie were down: with 503 by default, or in the
 * simulator's other `kinds` ("lost": carried out, the answer never arrives).
 */
export async function simulateOutage(calls = 1, kinds?: ("503" | "drop" | "lost" | "hang" | "silent")[]) {
  const response = await fetch(`${apiUrl()}/_outage`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(kinds ? { calls, kinds } : { calls }),
  });
  if (!response.ok) throw new Error(`Mollie simulator outage: ${response.status}`);
}

/** How often the API read a payment (`GET /v2/payments/:id`, as the Worker's sync does) since it was made. */
export async function paymentReads(id: string): Promise<number> {
  const response = await fetch(`${apiUrl()}/_reads/${id}`);
  if (!response.ok) throw new Error(`Mollie simulator reads: ${response.status}`);
  return ((await response.json()) as { reads: number }).reads;
}

/** A mandate as the simulator holds it. */
export async function getSimulatedMandate(customerId: string, mandateId: string) {
  const response = await fetch(`${apiUrl()}/customers/${customerId}/mandates/${mandateId}`, {
    headers: { Authorization: "Bearer test_simulator" },
  });
  if (!response.ok) throw new Error(`Mollie simulator mandate: ${response.status}`);
  return (await response.json()) as {
    id: string;
    status: string;
    mandateReference: string | null;
    signatureDate: string;
    details: { consumerName: string; consumerAccount: string };
  };
}

/** Mollie's call to the webhook: "payment `paymentId` changed" (the Worker fetches the rest from Mollie). */
export function webhook(paymentId: string) {
  return exports.default.fetch(
    new Request("http://localhost/api/payment-webhook.php", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: paymentId }),
    }),
  );
}

/**
 * Holds back the simulator's answer to the next read of a payment: it answers with the payment as
 * it was when the read came, once `release` is called (a slow answer that is stale when it lands).
 * `come` waits until the held read has arrived.
 */
export async function holdNextRead(paymentId: string) {
  await call("POST", `/payments/${paymentId}/_hold`);
  return {
    async come() {
      for (let tries = 0; tries < 200; tries += 1) {
        if (((await call("GET", `/payments/${paymentId}/_hold`)) as unknown as { come: boolean }).come) return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`the held read of ${paymentId} never came`);
    },
    release: () => call("POST", `/payments/${paymentId}/_release`),
  };
}
