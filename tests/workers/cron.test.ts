import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { createClient } from "@libsql/client/web";
import { describe, expect, it } from "vitest";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "../../build/server/index.js";

const worker = builtWorker as ExportedHandler<Env>;

describe("cron dispatch", () => {
  it("runs the five-minute jobs: expired sessions go, valid ones stay", async () => {
    const db = createClient({ url: env.DATABASE_URL! });
    const email = `cron-${crypto.randomUUID()}@example.test`;
    const user = await db.execute({
      sql: "INSERT INTO users (site_id, email, status) VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, 'confirmed') RETURNING id",
      args: [email],
    });
    const userId = Number(user.rows[0]!.id);
    const now = Math.floor(Date.now() / 1000);
    await db.batch([
      { sql: "INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", args: [`expired-${userId}`, userId, now - 60] },
      { sql: "INSERT INTO sessions (id, user_id, expires_at) VALUES (?, ?, ?)", args: [`valid-${userId}`, userId, now + 3600] },
    ]);

    const ctx = createExecutionContext();
    await worker.scheduled!(createScheduledController({ cron: "*/5 * * * *", scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    const left = await db.execute({ sql: "SELECT id FROM sessions WHERE user_id = ?", args: [userId] });
    expect(left.rows.map((row) => row.id)).toEqual([`valid-${userId}`]);
    db.close();
  });
});
