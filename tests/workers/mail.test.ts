import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import { get, mainContent, sql } from "./helpers";

const worker = builtWorker as ExportedHandler<Env>;
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
};

/** An outbox row as sendMail leaves it (the account features send the real ones). */
async function outboxMail(input: OutboxInput) {
  const to = input.to ?? `mail-${crypto.randomUUID()}@example.test`;
  const [[id]] = (await sql(
    `INSERT INTO mail_outbox (site_id, to_address, template, locale, subject, text, html, status, attempts, send_after)
     VALUES ((SELECT id FROM sites WHERE key = ?), ?, 'activation', 'nl', ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      input.site ?? "nl-general",
      to,
      input.subject ?? "Bevestig je e-mailadres bij Flirtparadijs",
      input.text ?? "Hoi Anna,\n\nE-mailadres bevestigen:\nhttps://flirtparadijs.nl/activate?token=abcdefghijklmnopqrstuvwx\n",
      input.html ?? '<!doctype html><html lang="nl"><body><p>Hoi Anna,</p></body></html>',
      input.status ?? "queued",
      input.attempts ?? 1,
      seconds(input.sendAfter),
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

  it("in production without MAIL_API_KEY, fails each attempt with a clear error and backs off up to five attempts", async () => {
    // Due only in the future the test fires the cron at, so no parallel cron run picks it up.
    const start = new Date(Date.now() + 2 * 3600_000);
    const { id } = await outboxMail({ status: "queued", attempts: 1, sendAfter: new Date(start.getTime() - 60_000) });
    let at = start;
    for (const [index, delay] of [600, 1200, 2400].entries()) {
      await runFiveMinuteCron(at, { APP_ENV: "production" });
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: "failed", attempts: index + 2 });
      expect(row.lastError).toMatch(/MAIL_API_KEY is not set/);
      expect(row.sendAfter).toBe(seconds(at) + delay);
      at = new Date((row.sendAfter + 1) * 1000);
    }
    await runFiveMinuteCron(at, { APP_ENV: "production" });
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 5 });
    // Five attempts is the end, even with delivery working again.
    await runFiveMinuteCron(new Date(at.getTime() + 24 * 3600_000));
    expect(await outboxRow(id)).toMatchObject({ status: "failed", attempts: 5 });
  });

  it("leaves sent mails and mails that are not yet due alone", async () => {
    const sent = await outboxMail({ status: "sent", attempts: 1, sendAfter: new Date(Date.now() - 3600_000) });
    const waiting = await outboxMail({ status: "failed", attempts: 1, sendAfter: new Date(Date.now() + 3600_000) });
    await runFiveMinuteCron(new Date());
    expect(await outboxRow(sent.id)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await outboxRow(waiting.id)).toMatchObject({ status: "failed", attempts: 1 });
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
