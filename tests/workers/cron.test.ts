import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
import { createMember, type MemberOptions } from "./factories";
import { sql } from "./helpers";

const worker = builtWorker as ExportedHandler<Env>;

describe("cron dispatch", () => {
  it("runs the five-minute jobs: expired sessions go, valid ones stay", async () => {
    const [[userId]] = (await sql(
      "INSERT INTO users (site_id, email, status) VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, 'confirmed') RETURNING id",
      [`cron-${crypto.randomUUID()}@example.test`],
    )) as [[string]];
    const now = Math.floor(Date.now() / 1000);
    await sql("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", [`expired-${userId}`, Number(userId), now - 60]);
    await sql("INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", [`valid-${userId}`, Number(userId), now + 3600]);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await sql("SELECT id FROM sessions WHERE user_id = ?", [Number(userId)]);
    expect(left.flat()).toEqual([`valid-${userId}`]);
  });

  it("clears welcome time bonuses that ran out unused, and keeps running and used ones", async () => {
    const now = Math.floor(Date.now() / 1000);
    const bonus = async (expiresAt: number, usedAt: number | null) => {
      const [[userId]] = (await sql(
        "INSERT INTO users (site_id, email, status) VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, 'confirmed') RETURNING id",
        [`bonus-${crypto.randomUUID()}@example.test`],
      )) as [[string]];
      await sql(
        "INSERT INTO time_bonuses (user_id, discount_code_id, starts_at, expires_at, used_at) SELECT ?, id, ?, ?, ? FROM discount_codes WHERE code = 'TIMEBONUS25'",
        [Number(userId), expiresAt - 14400, expiresAt, usedAt],
      );
      return Number(userId);
    };
    const expired = await bonus(now - 1, null);
    const running = await bonus(now + 600, null);
    const used = await bonus(now - 600, now - 3600);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await sql("SELECT user_id FROM time_bonuses WHERE user_id IN (?, ?, ?) ORDER BY user_id", [expired, running, used]);
    expect(left.flat().map(Number)).toEqual([running, used]);
  });

  it("runs the nightly jobs on their own schedule", async () => {
    const [[userId]] = (await sql(
      "INSERT INTO users (site_id, email, status) VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, 'confirmed') RETURNING id",
      [`nightly-${crypto.randomUUID()}@example.test`],
    )) as [[string]];
    const email = `attempts-${userId}@example.test`;
    const old = Math.floor(Date.now() / 1000) - 40 * 24 * 3600;
    await sql("INSERT INTO login_attempts (site_id, email, ip, success, created_at) VALUES (1, ?, '192.0.2.1', 0, ?)", [email, old]);
    await sql("INSERT INTO login_attempts (site_id, email, ip, success) VALUES (1, ?, '192.0.2.1', 0)", [email]);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "0 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    const [[count]] = (await sql("SELECT count(*) FROM login_attempts WHERE email = ?", [email])) as [[string]];
    expect(Number(count)).toBe(1);
  });

  it("prunes mail and texts older than 30 days from the outboxes, and keeps queued mail", async () => {
    const old = Math.floor(Date.now() / 1000) - 31 * 24 * 3600;
    const mail = async (status: string, createdAt: number) => {
      const [[id]] = (await sql(
        `INSERT INTO mail_outbox (site_id, to_address, template, locale, subject, text, html, status, created_at)
         VALUES (1, ?, 'activation', 'nl', 's', 't', 'h', ?, ?) RETURNING id`,
        [`outbox-${crypto.randomUUID()}@example.test`, status, createdAt],
      )) as [[string]];
      return Number(id);
    };
    const oldSent = await mail("sent", old);
    const oldQueued = await mail("queued", old);
    const recent = await mail("sent", Math.floor(Date.now() / 1000));

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "0 3 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await sql("SELECT id FROM mail_outbox WHERE id IN (?, ?, ?) ORDER BY id", [oldSent, oldQueued, recent]);
    expect(left.flat().map(Number)).toEqual([oldQueued, recent]);
  });
});

describe("unread-message reminders", () => {
  const now = () => Math.floor(Date.now() / 1000);

  /** A member whose conversation got a message `hoursAgo` hours ago, still unread. */
  async function waitingMember(hoursAgo: number, options: MemberOptions = {}) {
    const [member, writer] = await Promise.all([createMember(options), createMember()]);
    const at = now() - hoursAgo * 3600;
    const [[conversationId]] = (await sql(
      "INSERT INTO conversations (site_id, starter_id, recipient_id, last_message_at, created_at) VALUES (1, ?, ?, ?, ?) RETURNING id",
      [writer.profileId, member.profileId, at, at],
    )) as [[string]];
    await sql(
      "INSERT INTO conversation_members (conversation_id, profile_id, unread_count, last_message_at) VALUES (?, ?, 1, ?), (?, ?, 0, ?)",
      [Number(conversationId), member.profileId, at, Number(conversationId), writer.profileId, at],
    );
    return member;
  }

  async function runEveningJobs() {
    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "0 17 * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);
  }

  const reminders = async (email: string) =>
    (await sql("SELECT subject, text FROM mail_outbox WHERE to_address = ? AND template = 'unread_reminder'", [email])) as [
      string,
      string,
    ][];

  it("mails a member once a day about messages that waited half a day, never the message itself", async () => {
    const due = await waitingMember(13);
    const fresh = await waitingMember(1);
    const switchedOff = await waitingMember(13);
    await sql("INSERT INTO notification_preferences (user_id, type, channel, enabled) VALUES (?, 'unread_message_reminders', 'email', 0)", [
      switchedOff.userId,
    ]);
    const bounced = await waitingMember(13);
    await sql("UPDATE users SET email_disabled_reason = 'bounce' WHERE id = ?", [bounced.userId]);

    await runEveningJobs();
    await runEveningJobs();

    const sent = await reminders(due.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]![0]).toBe("Ongelezen berichten op Flirtparadijs");
    expect(sent[0]![1]).toContain("/notifications/unsubscribe?token=");
    for (const member of [fresh, switchedOff, bounced]) expect(await reminders(member.email)).toHaveLength(0);
  });
});
