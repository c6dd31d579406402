/**
 * Mollie failing and cron runs that overlap (issue 29, ADR 045).
 *
 * Mollie down (503), silent past the time limit, or doing the work and losing the answer: checkout
 * answers a translated 502 and leaves the order failed with its code free; a refund gives the
 * credits back unless Mollie did refund; the webhook answers 503 so that Mollie calls again; and the
 * reconciliation job credits a payment whose webhook never came, once, however its runs overlap.
 * Every cron job (but the mail jobs, which have their own tests) run twice at once does its work
 * once and fails nowhere.
 *
 * Outages are played by the simulator for an API key of the test's own (`faultyMollie`), so tests
 * in other files that talk to the simulator at the same time are not disturbed; the Worker gives up
 * on a silent Mollie after 300 ms here (MOLLIE_TIMEOUT_MS).
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { mainContent, post, sql } from "./helpers";
import { getSimulatedPayment, paymentReads, simulatePayment, webhook } from "./mollie-helpers";

const worker = builtWorker as ExportedHandler<Env>;
const MINUTE_S = 60;
const FIVE_MINUTES = "*/5 * * * *";
const FIFTEEN_MINUTES = "*/15 * * * *";
const NIGHTLY = "0 3 * * *";
const EVENING = "0 17 * * *";

/** How the simulator fails a call (tools/fault-switch.mjs): 503, the work done and the connection dropped, no answer, or the work done and no answer. */
type Mode = "503" | "lost" | "hang" | "silent";

/** A Mollie API key of this test alone, and the Worker's environment with it and a 300 ms time limit. */
async function faultyMollie(overrides: Record<string, unknown> = {}) {
  const key = `test_${crypto.randomUUID().replaceAll("-", "")}`;
  const apiUrl = (env as unknown as { MOLLIE_API_URL: string }).MOLLIE_API_URL;
  const control = async (path: string, body: Record<string, unknown>) => {
    const response = await fetch(`${apiUrl}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, key }),
    });
    expect(response.status).toBe(200);
  };
  // The simulator accepts only keys it knows, as Mollie does.
  await control("/_keys", {});
  return {
    env: { ...env, MOLLIE_API_KEY: key, MOLLIE_TIMEOUT_MS: "300", ...overrides } as Env,
    /** The next `calls` calls with this key fail as `mode` says. */
    fail: (mode: Mode, calls = 100) => control("/_outage", { kinds: [mode], calls }),
    heal: () => control("/_outage", { calls: 0 }),
  };
}

/** A request to the built Worker with its own environment. */
async function fetchWith(workerEnv: Env, request: Request) {
  const ctx = createExecutionContext();
  const response = await worker.fetch!(request as Parameters<NonNullable<typeof worker.fetch>>[0], workerEnv, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

function postWith(workerEnv: Env, path: string, form: Record<string, string>, cookie: string) {
  return fetchWith(
    workerEnv,
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { Origin: "http://localhost", Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form),
      redirect: "manual",
    }),
  );
}

function webhookWith(workerEnv: Env, paymentId: string) {
  return fetchWith(
    workerEnv,
    new Request("http://localhost/api/payment-webhook.php", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ id: paymentId }),
    }),
  );
}

/** Fires the schedule `cron` as often as `runs`, all at once, as overlapping or repeated triggers would. */
async function runAtOnce(cron: string, options: { runs?: number; at?: number; env?: Env } = {}) {
  const scheduledTime = options.at ?? Date.now();
  await Promise.all(
    Array.from({ length: options.runs ?? 2 }, async () => {
      const ctx = createExecutionContext();
      await worker.scheduled!(createScheduledController({ cron, scheduledTime }), options.env ?? env, ctx);
      await waitOnExecutionContext(ctx);
    }),
  );
}

/** console.error, watched: the cron runner logs a job that threw as "cron job <name> failed". */
function watchErrors() {
  const spy = vi.spyOn(console, "error").mockImplementation(() => {});
  return {
    messages: () => spy.mock.calls.map((call) => call.map(String).join(" ")),
    failedJobs: () =>
      spy.mock.calls.map((call) => /^cron job (\S+) failed/.exec(String(call[0]))?.[1]).filter((name): name is string => Boolean(name)),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

async function one(query: string, args: (string | number | null)[] = []) {
  const rows = await sql(query, args);
  return rows[0]?.[0] ?? null;
}

const count = async (query: string, args: (string | number | null)[] = []) => Number(await one(query, args));

async function signedIn(options: MemberOptions = {}) {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member) };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

/** Starts a p0 order (100 credits, € 14.95) the usual way; returns the order and its payment at the simulator. */
async function startOrder(member: Member, form: Record<string, string> = {}) {
  const response = await post("/credits/p0/ideal", { method: "ideal", terms: "on", ...form }, { cookie: member.cookie });
  const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1];
  if (!paymentId) throw new Error(`no checkout: ${response.status}`);
  const orderId = Number(await one("SELECT order_id FROM payments WHERE provider_payment_id = ?", [paymentId]));
  return { orderId, paymentId };
}

async function buy(member: Member) {
  const started = await startOrder(member);
  await simulatePayment(started.paymentId, { status: "paid" });
  expect((await webhook(started.paymentId)).status).toBe(200);
  return started;
}

const orderStatus = (orderId: number) => one("SELECT status FROM orders WHERE id = ?", [orderId]);
const credits = async (member: { userId: number }) => count("SELECT credits FROM users WHERE id = ?", [member.userId]);
const ledgerRows = (causeKey: string) => count("SELECT count(*) FROM credit_ledger WHERE cause_key = ?", [causeKey]);

/** A once-per-member code of the default site, unique to the test. */
async function onceOnlyCode() {
  const code = `REL${crypto.randomUUID().slice(0, 8).toUpperCase()}`;
  await sql(
    `INSERT INTO discount_codes (site_id, code, value_percentage, status, once_per_user)
     VALUES ((SELECT id FROM sites WHERE key = 'nl-general'), ?, 20, 'active', 1)`,
    [code],
  );
  return code;
}

describe("checkout while Mollie fails", () => {
  for (const [mode, what] of [
    ["503", "answers 503"],
    ["hang", "does not answer"],
    ["silent", "makes the payment but its answer is lost"],
  ] as const) {
    it(`when Mollie ${what}: a translated 502, the order failed and its discount code free again`, async () => {
      const member = await signedIn({ paidUser: true });
      const code = await onceOnlyCode();
      const mollie = await faultyMollie();
      await mollie.fail(mode);
      const started = Date.now();
      const response = await postWith(mollie.env, "/credits/p0/ideal", { method: "ideal", terms: "on", discountCode: code }, member.cookie);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.status).toBe(502);
      expect(mainContent(await response.text())).toContain(
        "De betaaldienst is nu niet bereikbaar. Er is niets afgeschreven. Probeer het over een minuut opnieuw.",
      );
      const orders = await sql("SELECT status, discount_cents > 0 FROM orders WHERE user_id = ?", [member.userId]);
      expect(orders).toEqual([["failed", "1"]]);
      expect(await count("SELECT count(*) FROM discount_code_uses WHERE user_id = ?", [member.userId])).toBe(0);
      await mollie.heal();

      // Mollie is back: the same code gives its discount to the next order.
      const again = await post("/credits/p0/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: member.cookie });
      expect(again.status).toBe(302);
      expect(again.headers.get("Location")).toMatch(/\/checkout\/tr_/);
    });
  }

  it("tells a German member in German", async () => {
    const member = await signedIn();
    const mollie = await faultyMollie();
    await mollie.fail("hang");
    const response = await postWith(mollie.env, "/credits/p0/ideal", { method: "ideal", terms: "on" }, `${member.cookie}; locale=de`);
    expect(response.status).toBe(502);
    expect(mainContent(await response.text())).toContain("Der Zahlungsdienst ist gerade nicht erreichbar.");
    await mollie.heal();
  });

  it("tries a create whose answer was lost once more with the same Idempotency-Key: one payment at Mollie, and the member goes to its checkout", async () => {
    const member = await signedIn();
    const mollie = await faultyMollie();
    // Mollie makes the payment, then the connection drops before its answer.
    await mollie.fail("lost", 1);
    const response = await postWith(mollie.env, "/credits/p0/ideal", { method: "ideal", terms: "on" }, member.cookie);
    expect(response.status).toBe(302);
    const paymentId = /\/checkout\/(tr_[A-Za-z0-9]+)/.exec(response.headers.get("Location") ?? "")?.[1];
    const orderId = Number(await one("SELECT max(id) FROM orders WHERE user_id = ?", [member.userId]));
    const apiUrl = (env as unknown as { MOLLIE_API_URL: string }).MOLLIE_API_URL;
    const list = (await (await fetch(`${apiUrl}/payments?limit=250`, { headers: { Authorization: "Bearer test_simulator" } })).json()) as {
      _embedded: { payments: { id: string; metadata: { order_id?: number } | null }[] };
    };
    const made = list._embedded.payments.filter((p) => p.metadata?.order_id === orderId);
    expect(made.map((p) => p.id)).toEqual([paymentId]);
  });
});

describe("a refund while Mollie fails", () => {
  it("gives the credits back when Mollie does not answer, and a later try refunds", async () => {
    const member = await signedIn();
    const { orderId } = await buy(member);
    const mollie = await faultyMollie();
    await mollie.fail("hang");
    const response = await postWith(mollie.env, `/transactions/${orderId}`, { intent: "refund" }, member.cookie);
    expect(response.status).toBe(502);
    expect(mainContent(await response.text())).toContain("De terugbetaling is nu niet gelukt. Je credits staan weer op je saldo.");
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await one("SELECT refunded_at FROM orders WHERE id = ?", [orderId])).toBeNull();
    expect(await credits(member)).toBe(100);

    await mollie.heal();
    expect((await postWith(mollie.env, `/transactions/${orderId}`, { intent: "refund" }, member.cookie)).status).toBe(200);
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await credits(member)).toBe(0);
  });

  it("keeps the refund when Mollie made it and only its answer was lost: no credits and money both", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await buy(member);
    const mollie = await faultyMollie();
    await mollie.fail("silent", 1);
    const response = await postWith(mollie.env, `/transactions/${orderId}`, { intent: "refund" }, member.cookie);
    expect(response.status).toBe(200);
    expect((await getSimulatedPayment(paymentId)).amountRefunded).toEqual({ currency: "EUR", value: "14.95" });
    expect(await orderStatus(orderId)).toBe("refunded");
    expect(await credits(member)).toBe(0);
    expect(await count("SELECT coalesce(sum(delta), 0) FROM credit_ledger WHERE user_id = ?", [member.userId])).toBe(0);
  });
});

describe("the webhook while Mollie fails", () => {
  it("answers 503 when the read-back fails or times out, so Mollie calls again; then credits once", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await startOrder(member);
    await simulatePayment(paymentId, { status: "paid" });
    const mollie = await faultyMollie();

    await mollie.fail("503");
    expect((await webhookWith(mollie.env, paymentId)).status).toBe(503);
    await mollie.fail("hang");
    const started = Date.now();
    expect((await webhookWith(mollie.env, paymentId)).status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await orderStatus(orderId)).toBe("open");
    expect(await credits(member)).toBe(0);

    await mollie.heal();
    expect((await webhookWith(mollie.env, paymentId)).status).toBe(200);
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await credits(member)).toBe(100);
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
  });
});

describe("reconciling payments with Mollie", () => {
  /** An order the member paid at Mollie whose webhook never arrived. */
  async function paidWithoutWebhook(member: Member) {
    const started = await startOrder(member);
    await simulatePayment(started.paymentId, { status: "paid", callWebhook: false });
    return started;
  }

  it("credits a paid payment whose webhook never came, once, when two runs overlap; the late webhook adds nothing", async () => {
    const member = await signedIn();
    const { orderId, paymentId } = await paidWithoutWebhook(member);
    const errors = watchErrors();

    await runAtOnce(FIFTEEN_MINUTES);

    expect(await orderStatus(orderId)).toBe("paid");
    expect(await credits(member)).toBe(100);
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
    expect(errors.failedJobs()).toEqual([]);

    // The webhook arriving after all adds nothing.
    expect((await webhook(paymentId)).status).toBe(200);
    expect(await credits(member)).toBe(100);
  });

  it("pages through the list and leaves payments that our books already show alone", async () => {
    const member = await signedIn();
    const settled = await buy(member);
    const before = await paymentReads(settled.paymentId);
    await runAtOnce(FIFTEEN_MINUTES, { runs: 1 });
    // The list told it everything: no payment is read on its own.
    expect(await paymentReads(settled.paymentId)).toBe(before);
    expect(await credits(member)).toBe(100);
  });

  it("logs a Mollie failure and settles the order in the next run", async () => {
    const member = await signedIn();
    const { orderId } = await paidWithoutWebhook(member);
    const mollie = await faultyMollie();
    await mollie.fail("hang");
    const errors = watchErrors();

    await runAtOnce(FIFTEEN_MINUTES, { runs: 1, env: mollie.env });
    // (Whether the order is still open is not asserted: another test file's reconciliation may run meanwhile.)
    expect(errors.messages().some((message) => message.includes("reconciling payments"))).toBe(true);
    expect(errors.failedJobs()).not.toContain("reconcile-payments");

    await mollie.heal();
    await runAtOnce(FIFTEEN_MINUTES, { runs: 1, env: mollie.env, at: Date.now() + 15 * MINUTE_S * 1000 });
    expect(await orderStatus(orderId)).toBe("paid");
    expect(await credits(member)).toBe(100);
    expect(await ledgerRows(`order:${orderId}`)).toBe(1);
  });

  it("attaches a payment Mollie made for an order whose checkout never heard its answer, and fails it once it expired", async () => {
    const member = await signedIn();
    const mollie = await faultyMollie();
    // Mollie makes the payment; its answer never comes back within the time limit.
    await mollie.fail("silent", 1);
    const response = await postWith(mollie.env, "/credits/p0/ideal", { method: "ideal", terms: "on" }, member.cookie);
    expect(response.status).toBe(502);
    const orderId = Number(await one("SELECT max(id) FROM orders WHERE user_id = ?", [member.userId]));
    expect(await count("SELECT count(*) FROM payments WHERE order_id = ?", [orderId])).toBe(0);
    expect(await orderStatus(orderId)).toBe("failed");

    await runAtOnce(FIFTEEN_MINUTES, { runs: 1, env: mollie.env });
    const paymentId = String(await one("SELECT provider_payment_id FROM payments WHERE order_id = ?", [orderId]));
    expect(paymentId).toMatch(/^tr_/);
    expect((await getSimulatedPayment(paymentId)).metadata).toMatchObject({ order_id: orderId });

    // Nobody can pay it (the member never saw its checkout): it expires, and stays failed with nothing credited.
    await simulatePayment(paymentId, { status: "expired", callWebhook: false });
    await runAtOnce(FIFTEEN_MINUTES, { runs: 1, env: mollie.env });
    expect(await orderStatus(orderId)).toBe("failed");
    expect(await credits(member)).toBe(0);
  });

  it("fails an order whose payment was never made and frees its code, after ten minutes", async () => {
    const member = await signedIn({ paidUser: true });
    const code = await onceOnlyCode();
    const [[codeId]] = (await sql("SELECT id FROM discount_codes WHERE code = ?", [code])) as [[string]];
    const nowS = Math.floor(Date.now() / 1000);
    /** What a checkout leaves when Mollie failed and marking the order failed was lost as well. */
    const orphan = async (minutesAgo: number) => {
      const at = nowS - minutesAgo * MINUTE_S;
      const [[orderId]] = (await sql(
        `INSERT INTO orders (user_id, site_id, package_key, credits, currency, amount_cents, discount_code_id, discount_cents, method, status, terms_accepted_at, created_at)
         VALUES (?, ?, 'p0', 100, 'EUR', 1196, ?, 299, 'ideal', 'open', ?, ?) RETURNING id`,
        [member.userId, member.siteId, Number(codeId), at, at],
      )) as [[string]];
      return Number(orderId);
    };
    const old = await orphan(15);
    await sql("INSERT INTO discount_code_uses (code_id, user_id, order_id, created_at) VALUES (?, ?, ?, ?)", [
      Number(codeId),
      member.userId,
      old,
      nowS - 15 * MINUTE_S,
    ]);
    const young = await orphan(2);

    await runAtOnce(FIFTEEN_MINUTES);

    expect(await orderStatus(old)).toBe("failed");
    expect(await orderStatus(young)).toBe("open");
    expect(await count("SELECT count(*) FROM discount_code_uses WHERE user_id = ?", [member.userId])).toBe(0);
    await sql("UPDATE orders SET status = 'failed' WHERE id = ?", [young]);
    const again = await post("/credits/p0/ideal", { method: "ideal", terms: "on", discountCode: code }, { cookie: member.cookie });
    expect(again.status).toBe(302);
  });
});

describe("every cron job run twice at once", () => {
  it("five-minute jobs: expired sessions, tokens, challenges and time bonuses go once, the rest stays", async () => {
    const member = await createMember();
    const nowS = Math.floor(Date.now() / 1000);
    await sql("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?), (?, ?, ?)", [
      `old-${member.userId}`,
      member.userId,
      nowS - 60,
      `new-${member.userId}`,
      member.userId,
      nowS + 3600,
    ]);
    await sql(
      "INSERT INTO verification_tokens (user_id, kind, token_hash, expires_at) VALUES (?, 'activation', ?, ?), (?, 'activation', ?, ?)",
      [member.userId, `old-${crypto.randomUUID()}`, nowS - 60, member.userId, `new-${crypto.randomUUID()}`, nowS + 3600],
    );
    await sql(
      "INSERT INTO time_bonuses (user_id, discount_code_id, starts_at, expires_at) SELECT ?, id, ?, ? FROM discount_codes WHERE code = 'TIMEBONUS25' AND site_id IS NULL",
      [member.userId, nowS - 14_400, nowS - 1],
    );
    const errors = watchErrors();

    await runAtOnce(FIVE_MINUTES);

    expect((await sql("SELECT id FROM sessions WHERE user_id = ?", [member.userId])).flat()).toEqual([`new-${member.userId}`]);
    expect(await count("SELECT count(*) FROM verification_tokens WHERE user_id = ? AND expires_at < ?", [member.userId, nowS])).toBe(0);
    expect(await count("SELECT count(*) FROM verification_tokens WHERE user_id = ?", [member.userId])).toBe(1);
    expect(await count("SELECT count(*) FROM time_bonuses WHERE user_id = ?", [member.userId])).toBe(0);
    for (const job of ["expire-auth-records", "clear-time-bonuses", "reconcile-payments"]) expect(errors.failedJobs()).not.toContain(job);
  });

  it("nightly jobs: old records pruned, the statistics refreshed, and a deleted account erased once", async () => {
    const at = Date.now() + 60 * MINUTE_S * 1000;
    const atS = Math.floor(at / 1000);
    // Due for erasure from half an hour from now on, so that only runs from then on erase it.
    const deleted = await createMember({ status: "deleted", deletedDaysAgo: 14 - 30 / (24 * 60) });
    const keys = [`photos/rel-${crypto.randomUUID()}.webp`, `photos/rel-${crypto.randomUUID()}-thumb.webp`];
    for (const key of keys) await env.PHOTOS.put(key, "image bytes");
    await sql(
      "INSERT INTO photos (profile_id, object_key, thumb_key, content_type, width, height, status) VALUES (?, ?, ?, 'image/webp', 10, 10, 'active')",
      [deleted.profileId, keys[0]!, keys[1]!],
    );
    const email = `rel-${crypto.randomUUID()}@example.test`;
    await sql(
      "INSERT INTO login_attempts (site_id, email, ip, success, created_at) VALUES (1, ?, '192.0.2.7', 0, ?), (1, ?, '192.0.2.7', 0, ?)",
      [email, atS - 40 * 86_400, email, atS - 60],
    );
    const eventKey = `rel-test:${crypto.randomUUID()}`;
    await sql("INSERT INTO rate_limit_events (key, created_at) VALUES (?, ?), (?, ?)", [eventKey, atS - 3 * 86_400, eventKey, atS - 60]);
    const mail = async (status: string, createdAt: number) =>
      Number(
        await one(
          `INSERT INTO mail_outbox (site_id, to_address, template, locale, subject, text, html, status, created_at)
           VALUES (1, ?, 'activation', 'nl', 's', 't', 'h', ?, ?) RETURNING id`,
          [email, status, createdAt],
        ),
      );
    const oldSent = await mail("sent", atS - 31 * 86_400);
    const oldQueued = await mail("queued", atS - 31 * 86_400);

    // The photo store, counting what each run deletes.
    const removed: string[] = [];
    const photos = new Proxy(env.PHOTOS, {
      get(target, property) {
        if (property === "delete")
          return async (which: string | string[]) => {
            removed.push(...[which].flat());
            return target.delete(which);
          };
        const value = Reflect.get(target, property);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const errors = watchErrors();

    await runAtOnce(NIGHTLY, { at, env: { ...env, PHOTOS: photos } as Env });

    expect(await one("SELECT status FROM users WHERE id = ?", [deleted.userId])).toBe("erased");
    for (const key of keys) {
      expect(removed.filter((k) => k === key)).toHaveLength(1);
      expect(await env.PHOTOS.get(key)).toBeNull();
    }
    expect(await count("SELECT count(*) FROM login_attempts WHERE email = ?", [email])).toBe(1);
    expect(await count("SELECT count(*) FROM rate_limit_events WHERE key = ?", [eventKey])).toBe(1);
    expect((await sql("SELECT id FROM mail_outbox WHERE id IN (?, ?)", [oldSent, oldQueued])).flat().map(Number)).toEqual([oldQueued]);
    expect(errors.failedJobs()).toEqual([]);
    expect(errors.messages().filter((message) => message.includes(`erasing account ${deleted.userId}`))).toEqual([]);
  });

  it("unread reminders: one mail per member", async () => {
    const [member, writer] = await Promise.all([createMember(), createMember()]);
    const at = Math.floor(Date.now() / 1000) - 13 * 3600;
    const conversationId = Number(
      await one(
        "INSERT INTO conversations (site_id, starter_id, recipient_id, last_message_at, created_at) VALUES (1, ?, ?, ?, ?) RETURNING id",
        [writer.profileId, member.profileId, at, at],
      ),
    );
    await sql(
      "INSERT INTO conversation_members (conversation_id, profile_id, unread_count, last_message_at) VALUES (?, ?, 1, ?), (?, ?, 0, ?)",
      [conversationId, member.profileId, at, conversationId, writer.profileId, at],
    );
    const errors = watchErrors();

    await runAtOnce(EVENING, { runs: 3 });

    expect(await count("SELECT count(*) FROM mail_outbox WHERE to_address = ? AND template = 'unread_reminder'", [member.email])).toBe(1);
    expect(await count("SELECT count(*) FROM verification_tokens WHERE user_id = ? AND kind = 'unsubscribe'", [member.userId])).toBe(1);
    expect(errors.failedJobs()).toEqual([]);
  });
});
