/**
 * The outbox lifecycle on a real (file) libSQL database: the first send right after the member's
 * action, its failure, and the cron's retries. Providers are fakes that record what they get.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "#drizzle/schema";
import { sendDueMail } from "../../workers/cron/send-mail";
import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { sendMail, type MailRequest } from "~/mail/mail.server";
import { MailDeliveryError, type MailMessage, type MailProvider } from "~/mail/providers/provider.server";
import { testSite } from "~/sites/test-site";

const dir = mkdtempSync(path.join(tmpdir(), "mail-test-"));
let client: Client;
let db: Database;
const site = testSite();
const env: AppEnv = {
  APP_ENV: "test",
  DATABASE_URL: "http://127.0.0.1:1",
  MAIL_PROVIDER: "outbox",
  PHOTOS: undefined as never,
  BROWSE_LIMITERS: {},
};
const NOW = new Date("2026-11-21T12:00:00Z");

beforeAll(async () => {
  client = createClient({ url: `file:${path.join(dir, "mail.db")}` });
  db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: path.resolve(import.meta.dirname, "../../drizzle/migrations") });
  const [company] = await db.insert(schema.companies).values(site.company).returning({ id: schema.companies.id });
  await db.insert(schema.sites).values({
    id: site.id,
    key: site.key,
    name: site.name,
    domain: site.domain,
    domainLanguage: site.domainLanguage,
    companyId: company!.id,
    isDefault: true,
    settings: site.settings,
  });
});

afterAll(() => {
  client.close();
  rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "info").mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

/** A provider that records each message and answers as `outcome` says. */
function fakeProvider(outcome: (message: MailMessage) => Promise<{ id: string }> = async () => ({ id: "provider-id" })) {
  const sent: MailMessage[] = [];
  const provider: MailProvider = {
    name: "fake",
    async send(message) {
      sent.push(message);
      return outcome(message);
    },
  };
  return { provider, sent };
}

const failing = () => fakeProvider(async () => Promise.reject(new MailDeliveryError("Resend answered 503: unavailable", 503)));

let counter = 0;
function request(overrides: Partial<MailRequest> = {}): MailRequest {
  counter += 1;
  return {
    template: "password_reset",
    to: `member${counter}@example.test`,
    userId: null,
    locale: "de",
    params: { name: "Anna", link: "https://flirtparadijs.nl/reset-password/do?token=abcdefghijklmnop" },
    ...overrides,
  };
}

const row = async (id: number) => (await db.query.mailOutbox.findFirst({ where: eq(schema.mailOutbox.id, id) }))!;
const at = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

describe("sendMail", () => {
  it("records the rendered mail and hands it to the provider at once", async () => {
    const { provider, sent } = fakeProvider();
    const mail = request();
    const { id } = await sendMail({ db, env, site, now: NOW, provider }, mail);

    expect(await row(id)).toMatchObject({
      siteId: site.id,
      userId: null,
      toAddress: mail.to,
      template: "password_reset",
      locale: "de",
      subject: "Neues Passwort für Flirtparadijs festlegen",
      status: "sent",
      attempts: 1,
      lastError: null,
      sentAt: NOW,
      createdAt: NOW,
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      idempotencyKey: `mail-outbox-${id}-${NOW.getTime() / 1000}`,
      from: `"Flirtparadijs" <noreply@flirtparadijs.nl>`,
      to: mail.to,
      subject: "Neues Passwort für Flirtparadijs festlegen",
      headers: {},
      tags: { template: "password_reset", site: String(site.id) },
    });
    expect(sent[0]!.text).toContain("60 Minuten lang gültig");
  });

  it("uses the environment's provider when none is given (outbox: the row is the delivery)", async () => {
    const { id } = await sendMail({ db, env, site, now: NOW }, request());
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("delivers inside waitUntil when given the request's context, so the member does not wait", async () => {
    let release!: () => void;
    const { provider } = fakeProvider(() => new Promise((resolve) => (release = () => resolve({ id: "later" }))));
    const pending: Promise<unknown>[] = [];
    const ctx = {
      waitUntil: (promise: Promise<unknown>) => void pending.push(promise),
      passThroughOnException() {},
    } as unknown as ExecutionContext;

    const { id } = await sendMail({ db, env, site, now: NOW, provider, ctx }, request());
    expect(pending).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "queued", attempts: 1, sendAfter: at(NOW, 120) });
    release();
    await Promise.all(pending);
    expect(await row(id)).toMatchObject({ status: "sent" });
  });

  it("keeps a failed send as failed with its error, to retry after a minute, and logs it without the address", async () => {
    const { provider } = failing();
    const mail = request();
    const { id } = await sendMail({ db, env, site, now: NOW, provider }, mail);
    expect(await row(id)).toMatchObject({
      status: "failed",
      attempts: 1,
      lastError: "Resend answered 503: unavailable",
      sendAfter: at(NOW, 60),
      sentAt: null,
    });
    const logged = vi.mocked(console.warn).mock.calls.flat().join(" ");
    expect(logged).toContain(`mail ${id} (password_reset) failed through fake, attempt 1, tried again after ${at(NOW, 60).toISOString()}`);
    expect(logged).not.toContain(mail.to);
  });

  it("waits as long as a rate-limited provider asks", async () => {
    const { provider } = fakeProvider(async () =>
      Promise.reject(new MailDeliveryError("Resend answered 429: rate_limit_exceeded", 429, { retryAfterSeconds: 900 })),
    );
    const { id } = await sendMail({ db, env, site, now: NOW, provider }, request());
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1, sendAfter: at(NOW, 900) });
  });

  it("gives a mail the provider refuses for good up at once, logged as an error", async () => {
    const { provider } = fakeProvider(async () =>
      Promise.reject(new MailDeliveryError("Resend answered 422: validation_error: Invalid `to` field.", 422, { permanent: true })),
    );
    const { id } = await sendMail({ db, env, site, now: NOW, provider }, request());
    expect(await row(id)).toMatchObject({
      status: "given_up",
      attempts: 1,
      lastError: "Resend answered 422: validation_error: Invalid `to` field.",
    });
    expect(vi.mocked(console.error).mock.calls.flat().join(" ")).toContain(
      `mail ${id} (password_reset) failed through fake, attempt 1, refused for good`,
    );
    const later = fakeProvider();
    await sendDueMail({ db, env, now: at(NOW, 7200) }, later.provider);
    expect(later.sent.filter((message) => message.idempotencyKey.startsWith(`mail-outbox-${id}-`))).toHaveLength(0);
  });

  it("never lets a provider's unexpected error reach the member's request", async () => {
    const { provider } = fakeProvider(() => Promise.reject(new TypeError("boom")));
    const { id } = await sendMail({ db, env, site, now: NOW, provider }, request());
    expect(await row(id)).toMatchObject({ status: "failed", lastError: "boom" });
  });

  it("refuses anything but one address", async () => {
    await expect(sendMail({ db, env, site, now: NOW }, request({ to: "a@example.test\r\nBcc: b@example.test" }))).rejects.toThrow(
      /single e-mail address/,
    );
    await expect(sendMail({ db, env, site, now: NOW }, request({ to: "a@example.test, b@example.test" }))).rejects.toThrow(
      /single e-mail address/,
    );
  });
});

describe("the send-mail cron job", () => {
  it("retries due mails and backs off while they keep failing", async () => {
    const start = at(NOW, 10 * 86400);
    const { id } = await sendMail({ db, env, site, now: start, provider: failing().provider }, request());

    // Not due yet: nothing happens.
    const idle = fakeProvider();
    await sendDueMail({ db, env, now: at(start, 59) }, idle.provider);
    expect(idle.sent.filter((message) => message.idempotencyKey.startsWith(`mail-outbox-${id}-`))).toHaveLength(0);

    const retry = failing();
    const second = at(start, 60);
    await sendDueMail({ db, env, now: second }, retry.provider);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, sendAfter: at(second, 120) });

    const recovered = fakeProvider();
    const third = at(second, 120);
    expect(await sendDueMail({ db, env, now: third }, recovered.provider)).toMatchObject({ sent: expect.any(Number) });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3, lastError: null, sentAt: third });
    // The retry carries the same idempotency key as the first attempt.
    expect(recovered.sent.find((message) => message.to === retry.sent[0]!.to)!.idempotencyKey).toBe(retry.sent[0]!.idempotencyKey);
  });

  it("sends a due mail once, even when two runs overlap", async () => {
    const start = at(NOW, 20 * 86400);
    const { id } = await sendMail({ db, env, site, now: start, provider: failing().provider }, request());
    const slow = fakeProvider(() => new Promise((resolve) => setTimeout(() => resolve({ id: "x" }), 20)));
    await Promise.all([
      sendDueMail({ db, env, now: at(start, 300) }, slow.provider),
      sendDueMail({ db, env, now: at(start, 300) }, slow.provider),
    ]);
    expect(slow.sent.filter((message) => message.idempotencyKey.startsWith(`mail-outbox-${id}-`))).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("keeps trying for a day, then gives up for good", async () => {
    const start = at(NOW, 30 * 86400);
    const { id } = await sendMail({ db, env, site, now: start, provider: failing().provider }, request());
    let now = start;
    const delays: number[] = [];
    while ((await row(id)).status === "failed") {
      const { sendAfter } = await row(id);
      delays.push((sendAfter.getTime() - now.getTime()) / 1000);
      now = sendAfter;
      await sendDueMail({ db, env, now }, failing().provider);
    }
    // 1, 2, 4 … minutes, then hourly; the attempt after the day is over is not made.
    expect(delays.slice(0, 8)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600]);
    const last = await row(id);
    expect(last).toMatchObject({ status: "given_up", lastError: "not delivered within a day: Resend answered 503: unavailable" });
    expect(now.getTime() - start.getTime()).toBeGreaterThan(86400_000);
    expect(now.getTime() - start.getTime()).toBeLessThanOrEqual(86400_000 + 3600_000);
    expect(vi.mocked(console.error).mock.calls.flat().join(" ")).toContain(
      `mail ${id} (password_reset) given up after ${last.attempts} attempts`,
    );
    const late = fakeProvider();
    await sendDueMail({ db, env, now: at(now, 86400) }, late.provider);
    expect(await row(id)).toMatchObject({ status: "given_up", attempts: last.attempts });
    expect(late.sent.filter((message) => message.idempotencyKey.startsWith(`mail-outbox-${id}-`))).toHaveLength(0);
  });

  it("stops a run at the first provider failure and hands the rest back unattempted", async () => {
    const start = at(NOW, 40 * 86400);
    const ids: number[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await sendMail({ db, env, site, now: start, provider: failing().provider }, request())).id);
    const down = fakeProvider(async () => Promise.reject(new MailDeliveryError("Resend could not be reached: timed out")));
    const run = at(start, 120);
    const result = await sendDueMail({ db, env, now: run }, down.provider);
    expect(down.sent).toHaveLength(1);
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    expect(result.deferred).toBeGreaterThanOrEqual(2);
    expect(await row(ids[0]!)).toMatchObject({
      status: "failed",
      attempts: 2,
      sendAfter: at(run, 120),
      lastError: "Resend could not be reached: timed out",
    });
    for (const id of ids.slice(1)) expect(await row(id)).toMatchObject({ status: "failed", attempts: 1, sendAfter: at(run, 120) });
  });
});
