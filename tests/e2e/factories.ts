/**
 * Test data for browser tests, written straight into the e2e database (the server started by
 * playwright.config.ts on E2E_LIBSQL_PORT). Each test makes its own members.
 */
import { createClient } from "@libsql/client";
import { hashPassword } from "../../app/accounts/password.server";

export const E2E_DATABASE_URL = `http://127.0.0.1:${process.env.E2E_LIBSQL_PORT ?? "8791"}`;
export const E2E_PASSWORD = "correct horse battery";

export const db = () => createClient({ url: E2E_DATABASE_URL });

export function uniqueEmail(prefix = "e2e") {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

type MemberOptions = {
  email?: string;
  password?: string;
  status?: "confirmed" | "not_confirmed";
  paidUser?: boolean;
  credits?: number;
  name?: string;
  /** A new member's welcome time bonus (TIMEBONUS25), with its full 4 hours left. */
  timeBonus?: boolean;
};

export async function createMember(options: MemberOptions = {}) {
  const client = db();
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? E2E_PASSWORD;
  const status = options.status ?? "confirmed";
  const now = Math.floor(Date.now() / 1000);
  const user = await client.execute({
    sql: `INSERT INTO users (site_id, email, password_hash, status, paid_user, credits, confirmed_at)
          VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, ?, ?, ?, ?, ?) RETURNING id`,
    args: [
      email,
      await hashPassword(password),
      status,
      options.paidUser ? 1 : 0,
      options.credits ?? 0,
      status === "confirmed" ? now : null,
    ],
  });
  const userId = Number(user.rows[0]!.id);
  const profile = await client.execute({
    sql: `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, status)
          VALUES (?, (SELECT id FROM sites WHERE is_default = 1), ?, 'female', 'hetero', '1992-03-04', 'NL', ?) RETURNING id`,
    args: [userId, options.name ?? "Eva", status === "confirmed" ? "active" : "disabled"],
  });
  if (options.timeBonus) {
    await client.execute({
      sql: `INSERT INTO time_bonuses (user_id, discount_code_id, starts_at, expires_at)
            SELECT ?, id, ?, ? + validity_seconds FROM discount_codes WHERE code = 'TIMEBONUS25' AND site_id IS NULL`,
      args: [userId, now, now],
    });
  }
  client.close();
  return { userId, profileId: Number(profile.rows[0]!.id), email, password };
}

/** The newest mail sent to an address, as recorded in the outbox. */
export async function latestMail(to: string) {
  const client = db();
  const result = await client.execute({
    sql: "SELECT subject, text, html FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1",
    args: [to],
  });
  client.close();
  const row = result.rows[0];
  return row ? { subject: String(row.subject), text: String(row.text), html: String(row.html) } : null;
}

/** The first link in a text that points at this app. */
export function linkIn(text: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}[^\\s"<>]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[0];
}

/**
 * Another member who likes the viewer and wrote to them (`messages`, unread by the viewer), so the
 * chats, likes and the badges have something to show. `unread` defaults to the number of messages.
 */
export async function createPenPal(
  viewer: { profileId: number },
  { name, messages, unread = messages.length }: { name: string; messages: string[]; unread?: number },
) {
  const penPal = await createMember({ name });
  const client = db();
  await client.execute({ sql: "INSERT INTO likes (liker_id, liked_id) VALUES (?, ?)", args: [penPal.profileId, viewer.profileId] });
  const conversation = await client.execute({
    sql: `INSERT INTO conversations (site_id, starter_id, recipient_id, last_message_at)
          VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, ?, unixepoch()) RETURNING id`,
    args: [penPal.profileId, viewer.profileId],
  });
  const conversationId = Number(conversation.rows[0]!.id);
  await client.execute({
    sql: `INSERT INTO conversation_members (conversation_id, profile_id, unread_count, last_message_at)
          VALUES (?, ?, ?, unixepoch()), (?, ?, 0, unixepoch())`,
    args: [conversationId, viewer.profileId, unread, conversationId, penPal.profileId],
  });
  for (const body of messages) {
    await client.execute({
      sql: "INSERT INTO messages (conversation_id, sender_id, body) VALUES (?, ?, ?)",
      args: [conversationId, penPal.profileId, body],
    });
  }
  client.close();
  return { profileId: penPal.profileId, conversationId };
}
