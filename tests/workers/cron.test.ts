import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";
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
});
