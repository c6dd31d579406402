import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import { createMember } from "./factories";
import { runCronJob } from "./cron-helpers";
import { get, mainContent, sql } from "./helpers";
import { fakeResend, RESEND_ENV } from "./mail-helpers";

const worker = builtWorker as ExportedHandler<Env>;

afterEach(() => {
  vi.restoreAllMocks();
});
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type OutboxInput = {
  site?: "nl-general" | "de-milf";
  to?: string;
  subject?: string;
  text?: string;
  html?: string;
  status?: "queued" | "sent" | "failed";
  attempts?: number;
  sendAfter: Date;
  /** Defaults to now. */
  createdAt?: Date;
};

/** An outbox row as sendMail leaves it (the account features send the real ones). */
async function outboxMail(input: OutboxInput) {
  const to = input.to ?? `mail-${crypto.randomUUID()}@example.test`;
  const [[id]] = (await sql(
    `INSERT INTO mail_outbox (site_id, to_address, template, locale, subject, text, html, status, attempts, send_after, created_at)
     VALUES ((SELECT id FROM sites WHERE key = ?), ?, 'activation', 'nl', ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      input.site ?? "nl-general",
      to,
      input.subject ?? "Bevestig je e-mailadres bij Flirtparadijs",
      input.text ?? "Hoi Anna,\n\nE-mailadres bevestigen:\nhttps://flirtparadijs.nl/activate?token=abcdefghijklmnopqrstuvwx\n",
      input.html ?? '<!doctype html><html lang="nl"><body><p>Hoi Anna,</p></body></html>',
      input.status ?? "queued",
      input.attempts ?? 1,
      seconds(input.sendAfter),
      seconds(input.createdAt ?? new Date()),
    ],
  )) as [[string]];
  return { id: Number(id), to };
}

async function outboxRow(id: number) {
  const [[status, attempts, lastError, sendAfter, sentAt]] = (await sql(
    "SELECT status, attempts, last_error, send_after, sent_at FROM mail_outbox WHERE id = ?",
    [id],
  )) as [[string, string, string | null, string, string | null]];
  return { status, attempts: Number(attempts), lastError, sendAfter: Number(sendAfter), sentAt };
}

/** Fires the five-minute cron at `at`, optionally with other Worker variables (e.g. production). */
async function runFiveMinuteCron(at: Date, vars: Record<string, string> = {}) {
  const ctx = createExecutionContext();
  await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: at.getTime() }), { ...env, ...vars } as Env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the send-mail cron job", () => {
  it("retries a failed mail once it is due, and records it as sent", async () => {
    const { id } = await outboxMail({ status: "failed", attempts: 1, sendAfter: new Date(Date.now() - 60_000) });
    await runFiveMinuteCron(new Date());
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(row.sentAt).not.toBeNull();
  });

  it("in production without MAIL_API_KEY, fails each attempt with a clear error, backs off, and sends once the key is there", async () => {
    // Due only in the future the test fires the cron at, so no parallel cron run picks it up.
    const start = new Date(Date.now() + 2 * 3600_000);
    const { id } = await outboxMail({ status: "queued", attempts: 1, sendAfter: new Date(start.getTime() - 60_000) });
    let at = start;
    for (const [index, delay] of [120, 240, 480].entries()) {
      await runFiveMinuteCron(at, { APP_ENV: "production" });
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: "failed", attempts: index + 2 });
      expect(row.lastError).toMatch(/MAIL_API_KEY is not set/);
      expect(row.sendAfter).toBe(seconds(at) + delay);
      at = new Date((row.sendAfter + 1) * 1000);
    }
    // A missing key is the operator's to fix, not a reason to drop the mail.
    const resend = fakeResend();
    await runFiveMinuteCron(at, { APP_ENV: "production", ...RESEND_ENV });
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 5, lastError: null });
    expect(resend.requests).toContainEqual(
      expect.objectContaining({ idempotencyKey: expect.stringMatching(new RegExp(`^mail-outbox-${id}-`)) }),
    );
  });

  it("leaves sent mails and mails that are not yet due alone", async () => {
    const sent = await outboxMail({ status: "sent", attempts: 1, sendAfter: new Date(Date.now() - 3600_000) });
    const waiting = await outboxMail({ status: "failed", attempts: 1, sendAfter: new Date(Date.now() + 3600_000) });
    await runFiveMinuteCron(new Date());
    expect(await outboxRow(sent.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await outboxRow(waiting.id)).toMatchObject({ status: "failed", attempts: 1 });
  });
});

/**
 * Issue 29: the provider failing. Each test works at its own moment far ahead (the cron is fired at
 * that time), so the other test files' cron runs, fired at the present, never touch its mail.
 */
describe("when the mail provider fails", () => {
  /** A moment a year or more ahead, different for each test. */
  const someday = () => new Date(Math.floor(Date.now() / 1000 + (400 + Math.random() * 3000) * 86400) * 1000);
  const minutes = (date: Date, count: number) => new Date(date.getTime() + count * 60_000);
  /** The five-minute schedule's send-mail job alone (cron-helpers.ts), delivering through (the fake) Resend. */
  const runCron = (at: Date) => runCronJob("send-mail", at, RESEND_ENV);

  it("keeps a mail answered 503 due, and sends it exactly once when the provider is back, even from two overlapping runs", async () => {
    const start = someday();
    const { id, to } = await outboxMail({ status: "failed", attempts: 1, sendAfter: minutes(start, -1), createdAt: minutes(start, -2) });
    let down = true;
    const resend = fakeResend((request) => (request.to === to && down ? { status: 503 } : { status: 200, delayMs: 50 }));

    await runCron(start);
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 2, sendAfter: seconds(minutes(start, 2)), sentAt: null });
    expect((await outboxRow(id)).lastError).toMatch(/^Resend answered 503/);

    down = false;
    const later = minutes(start, 5);
    await Promise.all([runCron(later), runCron(later)]);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 3, lastError: null, sentAt: String(seconds(later)) });
    // The failed attempt and one delivery: never a second send of the mail, with the same idempotency key both times.
    expect(resend.sentTo(to)).toBe(2);
    expect(new Set(resend.requests.filter((request) => request.to === to).map((request) => request.idempotencyKey)).size).toBe(1);
  });

  it("waits as long as a 429's Retry-After asks", async () => {
    const start = someday();
    const { id, to } = await outboxMail({ status: "queued", attempts: 1, sendAfter: minutes(start, -1), createdAt: minutes(start, -3) });
    let limited = true;
    const resend = fakeResend((request) => (request.to === to && limited ? { status: 429, retryAfter: "1800" } : { status: 200 }));

    await runCron(start);
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 2, sendAfter: seconds(minutes(start, 30)) });
    limited = false;
    await runCron(minutes(start, 25));
    expect(resend.sentTo(to)).toBe(1);
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 2 });
    await runCron(minutes(start, 30));
    expect(resend.sentTo(to)).toBe(2);
    expect(await outboxRow(id)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("gives a mail up after a day of failures, and never tries it again", async () => {
    const start = someday();
    // Written almost a day ago, and failing ever since.
    const { id, to } = await outboxMail({
      status: "failed",
      attempts: 20,
      sendAfter: minutes(start, -1),
      createdAt: minutes(start, -23 * 60 - 50),
    });
    let down = true;
    const resend = fakeResend((request) => (request.to === to && down ? { status: 503 } : { status: 200 }));

    await runCron(start);
    // Still within the day: tried, and due again in an hour (the longest back-off).
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 21, sendAfter: seconds(minutes(start, 60)) });
    expect(resend.sentTo(to)).toBe(1);

    await runCron(minutes(start, 60));
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: "given_up", attempts: 21 });
    expect(row.lastError).toMatch(/^not delivered within a day: Resend answered 503/);
    expect(resend.sentTo(to)).toBe(1);

    down = false;
    await runCron(minutes(start, 120));
    expect(await outboxRow(id)).toMatchObject({ status: "given_up", attempts: 21 });
    expect(resend.sentTo(to)).toBe(1);
  });

  it("gives a mail the provider refuses for good (422) up at once", async () => {
    const start = someday();
    const { id, to } = await outboxMail({ status: "queued", attempts: 1, sendAfter: minutes(start, -1), createdAt: minutes(start, -3) });
    const resend = fakeResend((request) => (request.to === to ? { status: 422 } : { status: 200 }));
    await runCron(start);
    expect(await outboxRow(id)).toMatchObject({ status: "given_up", attempts: 2 });
    await runCron(minutes(start, 60));
    expect(resend.sentTo(to)).toBe(1);
  });

  it("answers the member's password-reset request at once while the provider hangs, and keeps the mail due", async () => {
    const member = await createMember();
    const resend = fakeResend((request) => (request.to === member.email ? "hang" : { status: 200 }));
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/reset-password", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": "2001:db8::29:1" },
      body: new URLSearchParams({ email: member.email }),
      redirect: "manual",
    }) as Parameters<NonNullable<typeof worker.fetch>>[0];
    const started = Date.now();
    const response = await worker.fetch!(request, { ...env, ...RESEND_ENV } as Env, ctx);
    expect(response.status).toBe(200);
    expect(mainContent(await response.text())).toContain("Als er een account met dit e-mailadres bestaat");
    // Had it waited for Resend, it would have taken Resend's whole time limit (10 s) and answered an error.
    expect(Date.now() - started).toBeLessThan(8_000);

    // The mail is written and handed to Resend after the response; Resend does not answer.
    await vi.waitFor(() => expect(resend.sentTo(member.email)).toBe(1), { timeout: 5_000 });
    const [[id]] = (await sql("SELECT id FROM mail_outbox WHERE to_address = ?", [member.email])) as [[string]];
    expect(await outboxRow(Number(id))).toMatchObject({ status: "queued", attempts: 1 });

    resend.release(503);
    await waitOnExecutionContext(ctx);
    const row = await outboxRow(Number(id));
    expect(row).toMatchObject({ status: "failed", attempts: 1 });
    // Due again a minute after the request, for the next cron run.
    expect(row.sendAfter).toBeGreaterThanOrEqual(seconds(new Date(started)) + 59);
    expect(row.sendAfter).toBeLessThanOrEqual(seconds(new Date()) + 61);
  });
});

describe("/dev/mail", () => {
  it("lists the site's latest mails and shows one's HTML in a sandboxed frame", async () => {
    const html = '<!doctype html><html lang="nl"><body><p>Hoi &lt;b&gt;Anna&lt;/b&gt;</p><script>alert("mail")</script></body></html>';
    const { id, to } = await outboxMail({ status: "sent", html, sendAfter: new Date() });

    const list = await get("/dev/mail");
    expect(list.status).toBe(200);
    const listed = mainContent(await list.text());
    expect(listed).toContain("Uitgaande e-mail (ontwikkeling)");
    expect(listed).toContain(to);
    expect(listed).toContain(`href="/dev/mail?id=${id}"`);
    expect(listed).toContain("Bevestig je e-mailadres bij Flirtparadijs");
    expect(listed).toContain("Verstuurd");

    const shown = await get(`/dev/mail?id=${id}`);
    expect(shown.status).toBe(200);
    const page = mainContent(await shown.text());
    const frame = /<iframe[^>]*>/.exec(page)?.[0] ?? "";
    expect(frame).toContain('sandbox=""');
    expect(frame).toContain('title="HTML-voorbeeld van de e-mail"');
    // The mail's HTML lives only inside the frame's srcdoc attribute, escaped; it never runs in the page.
    expect(frame).toContain('srcDoc="&lt;!doctype html&gt;');
    expect(frame).toContain("&lt;script&gt;alert(&quot;mail&quot;)&lt;/script&gt;");
    expect(page.replace(frame, "")).not.toContain("alert(");
    // The text part, with its link clickable.
    expect(page).toContain('<a href="https://flirtparadijs.nl/activate?token=abcdefghijklmnopqrstuvwx">');
  });

  it("shows only the mails of the site it is opened on", async () => {
    const { id } = await outboxMail({ site: "de-milf", subject: "Bestätige deine E-Mail-Adresse bei Reife Liebe", sendAfter: new Date() });
    expect((await get(`/dev/mail?id=${id}`)).status).toBe(404);
    expect(mainContent(await (await get("/dev/mail")).text())).not.toContain(`?id=${id}"`);
    const german = await get(`/dev/mail?id=${id}`, { host: "reifeliebe.de" });
    expect(german.status).toBe(200);
    expect(mainContent(await german.text())).toContain("Bestätige deine E-Mail-Adresse bei Reife Liebe");
  });

  it("answers a bad mail id with 404, not an error", async () => {
    expect((await get("/dev/mail?id=999999999")).status).toBe(404);
    expect((await get("/dev/mail?id=abc")).status).toBe(200);
  });

  it("does not exist in production", async () => {
    await outboxMail({ status: "sent", sendAfter: new Date() });
    // The same built Worker, handed a production environment for this one request.
    const ctx = createExecutionContext();
    const request = new Request("http://localhost/dev/mail") as Parameters<NonNullable<typeof worker.fetch>>[0];
    const response = await worker.fetch!(request, { ...env, APP_ENV: "production" } as Env, ctx);
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(404);
    expect(mainContent(await response.text())).not.toContain("Bevestig je e-mailadres");
  });
});
