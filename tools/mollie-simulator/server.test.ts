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
    for (const key of ["test_down", "test_silent", "test_lost"]) await call("POST", "/_keys", { key });
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

    await outage({ calls: 5, kinds: ["hang"], key: "test_silent" });
    await expect(read("test_silent")).rejects.toThrow();
    expect((await read("test_simulator")).status).toBe(200);
    await outage({ calls: 0, key: "test_silent" });
    expect((await read("test_silent")).status).toBe(200);

    await call("POST", `/payments/${payment.id}/simulate`, { status: "paid" });
    await outage({ calls: 1, kinds: ["silent"], key: "test_lost" });
    const lost = fetch(`${simulator.apiUrl}/payments/${payment.id}/refunds`, {
      method: "POST",
      headers: { Authorization: "Bearer test_lost", "Content-Type": "application/json" },
      body: JSON.stringify({ amount: { currency: "EUR", value: "14.95" } }),
      signal: AbortSignal.timeout(300),
    });
    await expect(lost).rejects.toThrow();
    expect((await call("GET", `/payments/${payment.id}`)).body.amountRefunded).toEqual({ currency: "EUR", value: "14.95" });
    const state = await (await fetch(`${simulator.apiUrl}/_outage?key=test_lost`)).json();
    expect(state).toMatchObject({ key: "test_lost", calls: 0, injected: { silent: 1 } });
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

/** A simulator of its own where a Mollie minute lasts `timeScale`-th of one, and a webhook receiver that answers as told. */
async function timedSimulator(timeScale: number) {
  const local = await startMollieSimulator({ timeScale });
  const calls: { id: string; at: number }[] = [];
  let answer = 503;
  const hook = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      calls.push({ id: new URLSearchParams(body).get("id") ?? "", at: Date.now() });
      res.statusCode = answer;
      res.end();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(hook.address() as { port: number }).port}/hook`;
  const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${local.apiUrl}${path}`, {
      method,
      headers: { Authorization: "Bearer test_simulator", "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    // biome-ignore lint/suspicious/noExplicitAny: a test reads whatever JSON the server sent.
    return { status: response.status, headers: response.headers, body: (text ? JSON.parse(text) : null) as Record<string, any> };
  };
  const pay = (extra: Record<string, unknown> = {}) =>
    api("POST", "/payments", {
      amount: { currency: "EUR", value: "14.95" },
      description: "100 credits",
      redirectUrl: "http://localhost/back",
      webhookUrl: hookUrl,
      ...extra,
    });
  return {
    local,
    api,
    pay,
    calls,
    answerWith: (status: number) => {
      answer = status;
    },
    until: async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
      const end = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > end) throw new Error("timed out waiting");
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: async () => {
      await local.close();
      await new Promise((resolve) => hook.close(resolve));
    },
  };
}

describe("the simulator over time, as Mollie behaves", () => {
  it("calls the webhook again on Mollie's schedule while it answers other than 2xx, and stops at the first 2xx", async () => {
    // 6,000 times faster: the 1, 2 and 4 minutes between the first tries take 10, 20 and 40 ms.
    const sim = await timedSimulator(6_000);
    try {
      const { body: payment } = await sim.pay();
      await sim.api("POST", `/payments/${payment.id}/simulate`, { status: "paid" });
      await sim.until(() => sim.calls.length >= 3);
      sim.answerWith(200);
      await sim.until(() => sim.calls.length >= 4);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const tries = sim.calls.filter((c) => c.id === payment.id);
      expect(tries.length).toBeGreaterThanOrEqual(4);
      expect(tries.length).toBeLessThanOrEqual(5);
      expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(15);
      const log = (await (await fetch(`${sim.local.apiUrl}/_webhooks/${payment.id}`)).json()) as {
        calls: { attempt: number; status: number | null }[];
      };
      expect(log.calls.at(-1)).toMatchObject({ status: 200 });
      expect(log.calls[0]).toMatchObject({ attempt: 1, status: 503 });
    } finally {
      await sim.close();
    }
  });

  it("expires an open payment after its method's time and tells the webhook; an expired payment cannot be paid by the tester's clock", async () => {
    // iDEAL: 15 minutes; at 60,000 times faster, 15 ms.
    const sim = await timedSimulator(60_000);
    sim.answerWith(200);
    try {
      const { body: payment } = await sim.pay({ method: "ideal" });
      expect(payment.expiresAt).toBeTruthy();
      await sim.until(async () => (await sim.api("GET", `/payments/${payment.id}`)).body.status === "expired");
      const expired = (await sim.api("GET", `/payments/${payment.id}`)).body;
      expect(expired.expiredAt).toBeTruthy();
      expect(expired._links.checkout).toBeUndefined();
      await sim.until(() => sim.calls.some((c) => c.id === payment.id));
    } finally {
      await sim.close();
    }
  });

  it("takes a refund through pending, processing and refunded, with a webhook for each later state; a failed one counts no more", async () => {
    const sim = await timedSimulator(60_000);
    sim.answerWith(200);
    try {
      const { body: payment } = await sim.pay();
      await sim.api("POST", `/payments/${payment.id}/simulate`, { status: "paid", callWebhook: true });
      const before = sim.calls.length;
      const { body: refund } = await sim.api("POST", `/payments/${payment.id}/refunds`, { amount: { currency: "EUR", value: "14.95" } });
      expect(refund.status).toBe("pending");
      await sim.until(async () => (await sim.api("GET", `/payments/${payment.id}/refunds/${refund.id}`)).body.status === "refunded");
      await sim.until(() => sim.calls.length >= before + 2);

      const { body: second } = await sim.pay();
      await sim.api("POST", `/payments/${second.id}/simulate`, { status: "paid" });
      const { body: failing } = await sim.api("POST", `/payments/${second.id}/refunds`, { amount: { currency: "EUR", value: "14.95" } });
      expect((await sim.api("GET", `/payments/${second.id}`)).body.amountRefunded.value).toBe("14.95");
      await sim.api("POST", `/payments/${second.id}/refunds/${failing.id}/simulate`, { status: "failed", callWebhook: true });
      const after = (await sim.api("GET", `/payments/${second.id}`)).body;
      expect(after.amountRefunded.value).toBe("0.00");
      expect(after.amountRemaining.value).toBe("14.95");
      expect(sim.calls.at(-1)?.id).toBe(second.id);
    } finally {
      await sim.close();
    }
  });

  it("gets and cancels a refund while it is pending, and refuses to cancel one being processed", async () => {
    const { body: payment } = await newPayment("14.95");
    await call("POST", `/payments/${payment.id}/simulate`, { status: "paid", callWebhook: false });
    const { body: refund } = await call("POST", `/payments/${payment.id}/refunds`, { amount: { currency: "EUR", value: "4.95" } });
    expect((await call("GET", `/payments/${payment.id}/refunds/${refund.id}`)).body).toMatchObject({
      id: refund.id,
      status: "pending",
      paymentId: payment.id,
    });
    const cancel = await fetch(`${simulator.apiUrl}/payments/${payment.id}/refunds/${refund.id}`, {
      method: "DELETE",
      headers: { Authorization: "Bearer test_simulator" },
    });
    expect(cancel.status).toBe(204);
    expect((await call("GET", `/payments/${payment.id}/refunds/${refund.id}`)).body.status).toBe("canceled");
    const { body: other } = await call("POST", `/payments/${payment.id}/refunds`, { amount: { currency: "EUR", value: "4.95" } });
    await call("POST", `/payments/${payment.id}/refunds/${other.id}/simulate`, { status: "processing", callWebhook: false });
    expect((await call("DELETE", `/payments/${payment.id}/refunds/${other.id}`)).status).toBe(422);
    expect((await call("GET", `/payments/${payment.id}/refunds/re_unknown`)).status).toBe(404);
  });

  it("answers the same create with the same Idempotency-Key once: the same payment, one charge; another body with that key is refused", async () => {
    const headers = { "Idempotency-Key": `order-${crypto.randomUUID()}` };
    const body = { amount: { currency: "EUR", value: "14.95" }, description: "once", redirectUrl: "http://localhost/back" };
    const post = (b: unknown) =>
      fetch(`${simulator.apiUrl}/payments`, {
        method: "POST",
        headers: { Authorization: "Bearer test_simulator", "Content-Type": "application/json", ...headers },
        body: JSON.stringify(b),
      });
    const first = await post(body);
    const again = await post(body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as { id: string }).id).toBe(((await first.json()) as { id: string }).id);
    expect((await post({ ...body, description: "other" })).status).toBe(422);
  });

  it("checks API keys: an unknown key answers 401; a live key sees live payments only, a test key test ones", async () => {
    expect((await call("GET", "/payments", undefined, "test_unknownkey12345")).status).toBe(401);
    expect((await call("GET", "/payments", undefined, "")).status).toBe(401);
    const live = await call(
      "POST",
      "/payments",
      { amount: { currency: "EUR", value: "1.00" }, description: "live", redirectUrl: "http://localhost/b" },
      "live_simulator",
    );
    expect(live.body.mode).toBe("live");
    expect((await call("GET", `/payments/${live.body.id}`)).status).toBe(404);
    expect((await call("GET", `/payments/${live.body.id}`, undefined, "live_simulator")).status).toBe(200);
    const { body: test } = await newPayment();
    expect(test.mode).toBe("test");
    expect((await call("GET", `/payments/${test.id}`, undefined, "live_simulator")).status).toBe(404);
  });

  it("pages every list by cursor: 50 by default, at most 250, newest first, with a next link to follow", async () => {
    const sim = await timedSimulator(1);
    try {
      const made: string[] = [];
      for (let i = 0; i < 60; i += 1) made.push((await sim.pay()).body.id);
      const first = await sim.api("GET", "/payments");
      expect(first.body.count).toBe(50);
      expect(first.body._embedded.payments[0].id).toBe(made.at(-1));
      const next = new URL(first.body._links.next.href);
      const second = await sim.api("GET", `/payments${next.search}`);
      expect(second.body.count).toBe(10);
      expect(second.body._links.next).toBeNull();
      expect(second.body._links.previous).not.toBeNull();
      const seen = [...first.body._embedded.payments, ...second.body._embedded.payments].map((p: { id: string }) => p.id);
      expect(seen).toEqual([...made].reverse());
      expect((await sim.api("GET", "/payments?limit=251")).status).toBe(400);
      expect((await sim.api("GET", "/payments?limit=250")).body.count).toBe(60);
      expect((await sim.api("GET", "/payments?from=tr_nothere")).status).toBe(400);
    } finally {
      await sim.close();
    }
  });

  it("makes a mandate when a first payment is paid, and collects recurring payments on it; a customer's payments are listed", async () => {
    const customer = await call("POST", "/customers", { name: "Jan", email: "jan@example.test" });
    const first = await call("POST", `/customers/${customer.body.id}/payments`, {
      amount: { currency: "EUR", value: "0.01" },
      description: "first",
      redirectUrl: "http://localhost/b",
      sequenceType: "first",
    });
    expect(first.body.sequenceType).toBe("first");
    expect((await call("GET", `/customers/${customer.body.id}/mandates`)).body.count).toBe(0);
    const paid = await call("POST", `/payments/${first.body.id}/simulate`, { status: "paid", callWebhook: false });
    expect(paid.body.mandateId).toMatch(/^mdt_/);
    const mandates = await call("GET", `/customers/${customer.body.id}/mandates`);
    expect(mandates.body._embedded.mandates[0]).toMatchObject({ status: "valid", method: "directdebit" });
    const recurring = await call("POST", `/customers/${customer.body.id}/payments`, {
      amount: { currency: "EUR", value: "14.95" },
      description: "again",
      sequenceType: "recurring",
    });
    expect(recurring.body).toMatchObject({ status: "pending", mandateId: paid.body.mandateId });
    const listed = await call("GET", `/customers/${customer.body.id}/payments`);
    expect(listed.body._embedded.payments.map((p: { id: string }) => p.id)).toEqual([recurring.body.id, first.body.id]);
    expect(
      (
        await call("POST", "/payments", {
          amount: { currency: "EUR", value: "1.00" },
          description: "x",
          redirectUrl: "http://localhost/b",
          sequenceType: "first",
        })
      ).status,
    ).toBe(422);
  });

  it("refuses a mandate whose IBAN fails its checksum", async () => {
    const customer = await call("POST", "/customers", { name: "Eva" });
    const mandate = (consumerAccount: string) =>
      call("POST", `/customers/${customer.body.id}/mandates`, { method: "directdebit", consumerName: "Eva", consumerAccount });
    expect((await mandate("NL91ABNA0417164301")).body).toMatchObject({ status: 422, field: "consumerAccount" });
    expect((await mandate("DE89370400440532013000")).status).toBe(201);
  });

  it("gives methods their minimum and maximum and filters them by amount and sequence type", async () => {
    const small = await call("GET", "/methods?amount[value]=0.50&amount[currency]=EUR");
    const ids = small.body._embedded.methods.map((m: { id: string }) => m.id);
    expect(ids).toContain("ideal");
    expect(ids).not.toContain("eps");
    expect(small.body._embedded.methods[0].minimumAmount).toMatchObject({ currency: "EUR" });
    expect(small.body._embedded.methods[0].maximumAmount.value).toMatch(/^\d+\.\d{2}$/);
    const big = await call("GET", "/methods?amount[value]=9000.00&amount[currency]=EUR");
    expect(big.body._embedded.methods.map((m: { id: string }) => m.id)).not.toContain("paypal");
    const recurring = await call("GET", "/methods?sequenceType=recurring&amount[value]=10.00&amount[currency]=EUR");
    expect(recurring.body._embedded.methods.map((m: { id: string }) => m.id).sort()).toEqual([
      "applepay",
      "creditcard",
      "directdebit",
      "paypal",
    ]);
    expect((await newPayment("0.50", { method: "eps" })).status).toBe(422);
  });

  it("gives a paid payment its method and details, even when the member chose on Mollie's page", async () => {
    const { body: payment } = await newPayment("14.95", { method: undefined });
    expect(payment.method).toBeNull();
    const paid = await call("POST", `/payments/${payment.id}/simulate`, { status: "paid", callWebhook: false });
    expect(paid.body.method).toBe("ideal");
    expect(paid.body.details).toMatchObject({ consumerName: expect.any(String), consumerAccount: expect.any(String) });
  });

  it("counts a chargeback off amountRemaining, lists and gets it, and gives the amount back when it is reversed", async () => {
    const { body: payment } = await newPayment("14.95");
    await call("POST", `/payments/${payment.id}/simulate`, { status: "paid", callWebhook: false });
    const charged = await call("POST", `/payments/${payment.id}/simulate`, { chargeback: true, callWebhook: false });
    expect(charged.body).toMatchObject({ amountChargedBack: { value: "14.95" }, amountRemaining: { value: "0.00" } });
    const list = await call("GET", `/payments/${payment.id}/chargebacks`);
    const id = list.body._embedded.chargebacks[0].id;
    expect((await call("GET", `/payments/${payment.id}/chargebacks/${id}`)).body).toMatchObject({
      id,
      reversedAt: null,
      amount: { value: "14.95" },
    });
    expect((await call("GET", "/chargebacks?limit=250")).body._embedded.chargebacks.map((c: { id: string }) => c.id)).toContain(id);
    const reversed = await call("POST", `/payments/${payment.id}/simulate`, { reverseChargeback: true, callWebhook: false });
    expect(reversed.body).toMatchObject({ amountChargedBack: { value: "0.00" }, amountRemaining: { value: "14.95" } });
    expect((await call("GET", `/payments/${payment.id}/chargebacks/${id}`)).body.reversedAt).toBeTruthy();
  });

  it("cancels an open payment, and refuses to cancel a paid one", async () => {
    const { body: payment } = await newPayment("14.95");
    expect(payment.isCancelable).toBe(true);
    const canceled = await call("DELETE", `/payments/${payment.id}`);
    expect(canceled.body).toMatchObject({ status: "canceled", isCancelable: false });
    expect(canceled.body.canceledAt).toBeTruthy();
    expect((await call("DELETE", `/payments/${payment.id}`)).status).toBe(422);
  });
});
