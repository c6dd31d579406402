/**
 * The soak benchmark's books (books.ts) on a real schema: a database in order balances, and each
 * kind of error they are there to catch is caught.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../drizzle/schema";
import { seed } from "../../drizzle/seed";
import { startLibsqlServer, type LibsqlServer } from "../libsql-server/server.mjs";
import { startMollieSimulator, type MollieSimulator } from "../mollie-simulator/server.mjs";
import { createMemoryPhotoStore } from "../photo-store";
import { checkBooks, type MessageFate } from "./books";

let folder = "";
let template = "";
let server: LibsqlServer;
let simulator: MollieSimulator;
let db: Client;
let siteId = 0;
let run = 0;

beforeAll(async () => {
  // One migrated database with the demo data (its own purchases and messages: the books must hold
  // for it too), copied for each test.
  folder = mkdtempSync(join(tmpdir(), "soak-books-"));
  template = join(folder, "template.db");
  const setup = await startLibsqlServer({ file: template });
  const client = createClient({ url: setup.url, intMode: "number" });
  const orm = drizzle(client, { schema });
  await migrate(orm, { migrationsFolder: resolve(import.meta.dirname, "../../drizzle/migrations") });
  await seed(orm, { profiles: 0, photos: createMemoryPhotoStore(), maxPhotos: 1, log: () => {} });
  // Everything into the database file itself, so a copy of the file is the whole database.
  await client.execute("PRAGMA wal_checkpoint(TRUNCATE)");
  client.close();
  await setup.close();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

beforeEach(async () => {
  const file = join(folder, `test-${++run}.db`);
  copyFileSync(template, file);
  server = await startLibsqlServer({ file });
  simulator = await startMollieSimulator();
  db = createClient({ url: server.url, intMode: "number" });
  siteId = Number((await db.execute("SELECT id FROM sites WHERE is_default = 1")).rows[0]!.id);
});

afterEach(async () => {
  db.close();
  await simulator.close();
  await server.close();
});

async function one<T>(sql: string, args: (string | number | null)[] = []) {
  return (await db.execute({ sql, args })).rows[0] as T;
}

/** A member with a profile and `credits` recorded in the ledger. */
async function member(credits = 100) {
  run++;
  const { id: userId } = await one<{ id: number }>(
    "INSERT INTO users (site_id, email, status, credits) VALUES (?, ?, 'confirmed', ?) RETURNING id",
    [siteId, `books-${run}@example.test`, credits],
  );
  await db.execute({
    sql: "INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key) VALUES (?, ?, ?, 'adjustment', ?)",
    args: [userId, credits, credits, `books-start:${userId}`],
  });
  const { id: profileId } = await one<{ id: number }>(
    `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, status)
     VALUES (?, ?, 'Books', 'male', 'hetero', '1990-01-01', 'NL', 'active') RETURNING id`,
    [userId, siteId],
  );
  return { userId, profileId };
}

/** A paid message as the app stores it: the message and its ledger row, the balance moved. */
async function paidMessage(sender: { userId: number; profileId: number }, to: { profileId: number }, clientKey: string) {
  const { id: conversationId } = await one<{ id: number }>(
    "INSERT INTO conversations (site_id, starter_id, recipient_id) VALUES (?, ?, ?) ON CONFLICT DO UPDATE SET site_id = site_id RETURNING id",
    [siteId, sender.profileId, to.profileId],
  );
  await db.batch(
    [
      {
        sql: "INSERT INTO messages (conversation_id, sender_id, kind, body, credits, client_key) VALUES (?, ?, 'text', 'hi', 15, ?)",
        args: [conversationId, sender.profileId, clientKey],
      },
      {
        sql: `INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key)
              SELECT id, -15, credits - 15, 'message', ? FROM users WHERE id = ?`,
        args: [`message:${sender.profileId}:${clientKey}`, sender.userId],
      },
      { sql: "UPDATE users SET credits = credits - 15 WHERE id = ?", args: [sender.userId] },
    ],
    "write",
  );
}

/** A payment at the simulator, settled as told, and the app's order and payment rows for it. */
async function order(buyer: { userId: number }, input: { bank: "paid" | "failed" | "open"; status: string; credited: boolean }) {
  const created = await fetch(`${simulator.apiUrl}/payments`, {
    method: "POST",
    headers: { Authorization: "Bearer test_simulator", "Content-Type": "application/json" },
    body: JSON.stringify({ amount: { currency: "EUR", value: "14.95" }, description: "100 credits", redirectUrl: "http://localhost/r" }),
  });
  const { id: paymentId } = (await created.json()) as { id: string };
  if (input.bank !== "open")
    await fetch(`${simulator.apiUrl}/payments/${paymentId}/simulate`, { method: "POST", body: JSON.stringify({ status: input.bank }) });
  const { id: orderId } = await one<{ id: number }>(
    `INSERT INTO orders (user_id, site_id, package_key, credits, currency, amount_cents, method, status, terms_accepted_at)
     VALUES (?, ?, 'p0', 100, 'EUR', 1495, 'ideal', ?, unixepoch()) RETURNING id`,
    [buyer.userId, siteId, input.status],
  );
  await db.execute({
    sql: `INSERT INTO payments (order_id, provider, provider_payment_id, method, status, amount_cents, currency)
          VALUES (?, 'mollie', ?, 'ideal', ?, 1495, 'EUR')`,
    args: [orderId, paymentId, input.bank],
  });
  if (input.credited)
    await db.batch(
      [
        {
          sql: `INSERT INTO credit_ledger (user_id, delta, balance_after, reason, cause_key)
                SELECT id, 100, credits + 100, 'purchase', ? FROM users WHERE id = ?`,
          args: [`order:${orderId}`, buyer.userId],
        },
        { sql: "UPDATE users SET credits = credits + 100 WHERE id = ?", args: [buyer.userId] },
      ],
      "write",
    );
  return { orderId, paymentId };
}

type Members = { userId: number; profileId: number }[];
const sent = new Map<string, { profileId: number; fate: MessageFate }>();
let members: Members = [];

const books = async () => {
  const checks = await checkBooks(db, { members, messages: sent, mollieApiUrl: simulator.apiUrl });
  return Object.fromEntries(checks.map((check) => [check.name, check]));
};

describe("the soak benchmark's books", () => {
  let a: { userId: number; profileId: number };
  let b: { userId: number; profileId: number };

  beforeEach(async () => {
    sent.clear();
    a = await member();
    b = await member();
    members = [a, b];
  });

  it("balance for the seeded data and for members who wrote and bought as the app does", async () => {
    await paidMessage(a, b, "key-accepted-000001");
    sent.set("key-accepted-000001", { profileId: a.profileId, fate: "accepted" });
    sent.set("key-refused-0000001", { profileId: a.profileId, fate: "refused" });
    sent.set("key-unknown-0000001", { profileId: b.profileId, fate: "unknown" });
    await order(a, { bank: "paid", status: "paid", credited: true });
    await order(b, { bank: "failed", status: "failed", credited: false });
    await order(b, { bank: "open", status: "open", credited: false });
    const result = await books();
    for (const check of Object.values(result)) expect(check.ok, `${check.name}: ${check.detail}`).toBe(true);
    expect(result["messages neither lost nor doubled"]!.detail).toContain("3 sent: 1 accepted");
  });

  it("catch a balance that is not the sum of its ledger rows", async () => {
    await db.execute({ sql: "UPDATE users SET credits = credits + 15 WHERE id = ?", args: [a.userId] });
    const check = (await books()).balances!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(`user ${a.userId} has 115, ledger 100`);
  });

  it("catch a paid order never credited and an unpaid one credited", async () => {
    const unpaidCredit = await order(a, { bank: "failed", status: "failed", credited: true });
    const uncredited = await order(b, { bank: "paid", status: "paid", credited: false });
    const result = await books();
    expect(result["orders credited once"]!.ok).toBe(false);
    expect(result["orders credited once"]!.detail).toContain(`order ${uncredited.orderId} paid: 0 rows`);
    expect(result["orders credited once"]!.detail).toContain(`order ${unpaidCredit.orderId} failed: 1 rows`);
    expect(result.balances!.ok).toBe(true);
  });

  it("catch an order the simulator has paid but the app has not, and a paid payment the app never recorded", async () => {
    const behind = await order(a, { bank: "paid", status: "open", credited: false });
    const stray = await fetch(`${simulator.apiUrl}/payments`, {
      method: "POST",
      headers: { Authorization: "Bearer test_simulator", "Content-Type": "application/json" },
      body: JSON.stringify({ amount: { currency: "EUR", value: "14.95" }, description: "lost", redirectUrl: "http://localhost/r" }),
    });
    const { id: strayId } = (await stray.json()) as { id: string };
    let check = (await books())["orders in step with Mollie"]!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(`order ${behind.orderId} open, paid at the simulator`);
    expect(check.detail).toContain("payments created at the simulator whose answer the app never got");

    await db.execute({ sql: "UPDATE orders SET status = 'failed' WHERE id = ?", args: [behind.orderId] });
    await fetch(`${simulator.apiUrl}/payments/${strayId}/simulate`, { method: "POST", body: JSON.stringify({ status: "paid" }) });
    await db.execute({ sql: "DELETE FROM payments WHERE order_id = ?", args: [behind.orderId] });
    check = (await books())["orders in step with Mollie"]!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain(`${strayId} paid at the simulator, unknown to the app`);
  });

  it("catch a message accepted but lost, one refused but stored, one stored without its charge, and one never sent", async () => {
    sent.set("key-lost-0000000001", { profileId: a.profileId, fate: "accepted" });
    await paidMessage(a, b, "key-refused-0000002");
    sent.set("key-refused-0000002", { profileId: a.profileId, fate: "refused" });
    await paidMessage(b, a, "key-stray-000000001");
    // Stored without its charge (the ledger row missing).
    await db.execute({
      sql: "INSERT INTO messages (conversation_id, sender_id, kind, body, credits, client_key) SELECT conversation_id, sender_id, 'text', 'free', 15, 'key-free-0000000001' FROM messages WHERE client_key = 'key-stray-000000001'",
    });
    sent.set("key-free-0000000001", { profileId: b.profileId, fate: "accepted" });
    const check = (await books())["messages neither lost nor doubled"]!;
    expect(check.ok).toBe(false);
    expect(check.detail).toContain("key-lost-0000000001 accepted, stored 0×");
    expect(check.detail).toContain("key-refused-0000002 refused, stored 1×");
    expect(check.detail).toContain("key-free-0000000001 stored 1×, charged 0×");
    expect(check.detail).toContain("key-stray-000000001 stored, never sent");
  });
});
