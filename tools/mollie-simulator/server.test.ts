import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMollieSimulator, type MollieSimulator } from "./server.mjs";

let simulator: MollieSimulator;
const webhooks: string[] = [];
let receiver: http.Server;
let webhookUrl = "";

beforeAll(async () => {
  simulator = await startMollieSimulator();
  receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      webhooks.push(body);
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/api/payment-webhook.php`;
});

afterAll(async () => {
  await simulator.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function call(method: string, path: string, body?: unknown, key = "test_simulator") {
  const response = await fetch(`${simulator.apiUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the server sent.
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const newPayment = (amount = "49.95", extra: Record<string, unknown> = {}) =>
  call("POST", "/payments", {
    amount: { currency: "EUR", value: amount },
    description: "500 credits",
    redirectUrl: "http://localhost:8787/credits/p2/ideal?order=1",
    webhookUrl,
    method: "ideal",
    metadata: { order_id: 1 },
    ...extra,
  });

describe("the Mollie simulator", () => {
  it("creates an open payment with a checkout link, and answers like Mollie to a wrong key or amount", async () => {
    const { status, body } = await newPayment();
    expect(status).toBe(201);
    expect(body).toMatchObject({
      resource: "payment",
      status: "open",
      amount: { currency: "EUR", value: "49.95" },
      method: "ideal",
      metadata: { order_id: 1 },
    });
    expect(body.id).toMatch(/^tr_[A-Za-z0-9]{10}$/);
    expect(body._links.checkout.href).toBe(`${simulator.url}/checkout/${body.id}`);

    expect((await call("GET", `/payments/${body.id}`, undefined, "nonsense")).status).toBe(401);
    const bad = await newPayment("49.9");
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ status: 422, title: "Unprocessable Entity", field: "amount.value" });
    expect((await call("GET", "/payments/tr_unknown")).status).toBe(404);
  });

  it("counts the API's reads of a payment for tests, without a key", async () => {
    const { body: payment } = await newPayment();
    for (let i = 0; i < 3; i += 1) expect((await call("GET", `/payments/${payment.id}`)).status).toBe(200);
    await call("POST", `/payments/${payment.id}/simulate`, { status: "paid" });
    const response = await fetch(`${simulator.apiUrl}/_reads/${payment.id}`);
    expect(await response.json()).toEqual({ id: payment.id, reads: 3 });
    expect((await fetch(`${simulator.apiUrl}/_reads/tr_unknown`)).status).toBe(404);
  });

  it("plays an outage for one API key: 503, no answer, or the work done and the answer lost", async () => {
    const outage = (body: Record<string, unknown>) =>
      fetch(`${simulator.apiUrl}/_outage`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const { body: payment } = await newPayment("14.95");
    const read = (key: string) =>
      fetch(`${simulator.apiUrl}/payments/${payment.id}`, {
        headers: { Authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(300),
      });

    await outage({ calls: 1, key: "test_down" });
    expect((await read("test_simulator")).status).toBe(200);
    expect((await read("test_down")).status).toBe(503);
    expect((await read("test_down")).status).toBe(200);

    await outage({ calls: 5, mode: "hang", key: "test_silent" });
    await expect(read("test_silent")).rejects.toThrow();
    expect((await read("test_simulator")).status).toBe(200);
    await outage({ calls: 0, key: "test_silent" });
    expect((await read("test_silent")).status).toBe(200);

    await call("POST", `/payments/${payment.id}/simulate`, { status: "paid" });
    await outage({ calls: 1, mode: "lose", key: "test_lost" });
    const lost = fetch(`${simulator.apiUrl}/payments/${payment.id}/refunds`, {
      method: "POST",
      headers: { Authorization: "Bearer test_lost", "Content-Type": "application/json" },
      body: JSON.stringify({ amount: { currency: "EUR", value: "14.95" } }),
      signal: AbortSignal.timeout(300),
    });
    await expect(lost).rejects.toThrow();
    expect((await call("GET", `/payments/${payment.id}`)).body.amountRefunded).toEqual({ currency: "EUR", value: "14.95" });
  });

  it("lists the methods of a currency", async () => {
    const eur = await call("GET", "/methods?amount[value]=10.00&amount[currency]=EUR&locale=nl_NL&sequenceType=oneoff");
    const ids = eur.body._embedded.methods.map((m: { id: string }) => m.id);
    expect(ids).toEqual(expect.arrayContaining(["ideal", "bancontact", "creditcard", "paypal"]));
    expect(ids).not.toContain("blik");
    const pln = await call("GET", "/methods?amount[value]=10.00&amount[currency]=PLN");
    expect(pln.body._embedded.methods.map((m: { id: string }) => m.id)).toContain("blik");
  });

  it("settles, refunds and charges back a payment as told", async () => {
    const { body: payment } = await newPayment("14.95");
    expect((await call("POST", `/payments/${payment.id}/refunds`, { amount: { currency: "EUR", value: "14.95" } })).status).toBe(422);
    const paid = await call("POST", `/payments/${payment.id}/simulate`, { status: "paid" });
    expect(paid.body).toMatchObject({ status: "paid", amountRefunded: { value: "0.00" } });
    expect(paid.body.paidAt).toBeTruthy();
    expect((await call("POST", `/payments/${payment.id}/refunds`, { amount: { currency: "EUR", value: "15.00" } })).status).toBe(422);
    const refund = await call("POST", `/payments/${payment.id}/refunds`, {
      amount: { currency: "EUR", value: "4.95" },
      description: "refund",
    });
    expect(refund).toMatchObject({ status: 201, body: { resource: "refund", status: "pending", amount: { value: "4.95" } } });
    expect((await call("GET", `/payments/${payment.id}`)).body.amountRefunded).toEqual({ currency: "EUR", value: "4.95" });

    const charged = await call("POST", `/payments/${payment.id}/simulate`, { chargeback: true });
    expect(charged.body.amountChargedBack).toEqual({ currency: "EUR", value: "10.00" });
    expect((await call("GET", `/payments/${payment.id}/chargebacks`)).body.count).toBe(1);
  });

  it("collects a recurring payment on a customer's mandate", async () => {
    const customer = await call("POST", "/customers", { name: "Eva", email: "eva@example.test" });
    expect(customer.body.id).toMatch(/^cst_/);
    const mandate = await call("POST", `/customers/${customer.body.id}/mandates`, {
      method: "directdebit",
      consumerName: "Eva de Vries",
      consumerAccount: "NL91ABNA0417164300",
      signatureDate: "2026-11-25",
    });
    expect(mandate.body).toMatchObject({ status: "valid", details: { consumerAccount: "NL91ABNA0417164300" } });
    expect((await call("GET", `/customers/${customer.body.id}/mandates/${mandate.body.id}`)).status).toBe(200);
    const payment = await newPayment("29.95", {
      method: "directdebit",
      sequenceType: "recurring",
      customerId: customer.body.id,
      mandateId: mandate.body.id,
    });
    expect(payment.body).toMatchObject({ status: "pending", method: "directdebit", sequenceType: "recurring" });
    expect(payment.body._links.checkout).toBeUndefined();
    expect((await newPayment("29.95", { sequenceType: "recurring", customerId: customer.body.id, mandateId: "mdt_nope" })).status).toBe(
      422,
    );
  });

  it("lets the tester choose the outcome on the checkout page, calls the webhook and sends the browser back", async () => {
    const { body: payment } = await newPayment();
    const page = await fetch(`${simulator.url}/checkout/${payment.id}`);
    const html = await page.text();
    for (const label of ["Paid", "Failed", "Canceled", "Pending", "Expired", "Chargeback"]) expect(html).toContain(`>${label}</button>`);

    const response = await fetch(`${simulator.url}/checkout/${payment.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "outcome=failed",
      redirect: "manual",
    });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("http://localhost:8787/credits/p2/ideal?order=1");
    expect(webhooks).toContain(`id=${payment.id}`);
    expect((await call("GET", `/payments/${payment.id}`)).body.status).toBe("failed");
    expect((await fetch(`${simulator.url}/checkout/tr_missing`)).status).toBe(404);
  });
});

describe("the simulator's outages", () => {
  it("fails the next N calls with 503, then answers again", async () => {
    const set = await call("POST", "/_outage", { calls: 2 });
    expect(set.body).toMatchObject({ outage: 2, kinds: ["503"] });
    expect((await call("GET", "/methods")).status).toBe(503);
    expect((await call("GET", "/methods")).body).toMatchObject({ status: 503, title: "Service Unavailable" });
    expect((await call("GET", "/methods")).status).toBe(200);
  });

  it("fails a fraction of calls at random when asked, and none once the rate is 0", async () => {
    const local = await startMollieSimulator();
    try {
      const control = (body: unknown) =>
        fetch(`${local.apiUrl}/_outage`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      expect(local.faults.state()).toMatchObject({ rate: 0, calls: 0 });
      expect((await control({ rate: 0.3, kinds: ["503"] })).status).toBe(200);
      const statuses = await Promise.all(
        Array.from({ length: 200 }, async () => {
          const response = await fetch(`${local.apiUrl}/methods`, { headers: { Authorization: "Bearer test_simulator" } });
          await response.arrayBuffer();
          return response.status;
        }),
      );
      const failed = statuses.filter((status) => status === 503).length;
      expect(failed).toBeGreaterThan(30);
      expect(failed).toBeLessThan(90);
      expect(statuses.filter((status) => status !== 503 && status !== 200)).toEqual([]);
      const state = (await (await fetch(`${local.apiUrl}/_outage`)).json()) as { injected: Record<string, number> };
      expect(state.injected["503"]).toBe(failed);
      expect((await control({ rate: 5 })).status).toBe(422);
      expect((await control({ rate: 0 })).status).toBe(200);
      const response = await fetch(`${local.apiUrl}/methods`, { headers: { Authorization: "Bearer test_simulator" } });
      expect(response.status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it("loses the answer of a call it carried out (kind lost): the payment exists, the caller never heard", async () => {
    const local = await startMollieSimulator({ faults: { calls: 1, kinds: ["lost"] } });
    try {
      const create = fetch(`${local.apiUrl}/payments`, {
        method: "POST",
        headers: { Authorization: "Bearer test_simulator", "Content-Type": "application/json" },
        body: JSON.stringify({ amount: { currency: "EUR", value: "14.95" }, description: "lost", redirectUrl: "http://localhost/r" }),
      });
      await expect(create).rejects.toThrow();
      const list = (await (await fetch(`${local.apiUrl}/payments`, { headers: { Authorization: "Bearer test_simulator" } })).json()) as {
        count: number;
      };
      expect(list.count).toBe(1);

      local.faults.configure({ calls: 1, kinds: ["drop"] });
      await expect(fetch(`${local.apiUrl}/methods`, { headers: { Authorization: "Bearer test_simulator" } })).rejects.toThrow();
      expect(local.faults.state().injected).toMatchObject({ drop: 1, lost: 1 });
    } finally {
      await local.close();
    }
  });
});
