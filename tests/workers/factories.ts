/**
 * Test data builders for the workerd tests: each test makes its own members.
 */
import { hashPassword } from "~/accounts/password.server";
import { sql } from "./helpers";

export const TEST_PASSWORD = "correct horse battery";

export type MemberOptions = {
  site?: "nl-general" | "de-milf" | "en-gay" | (string & {});
  email?: string;
  password?: string | null;
  status?: "not_confirmed" | "confirmed" | "deleted";
  paidUser?: boolean;
  credits?: number;
  name?: string;
  gender?: "male" | "female";
  deletedDaysAgo?: number;
  /** Gives the member the welcome time bonus (TIMEBONUS25) with this many seconds left. */
  timeBonusSecondsLeft?: number;
};

export type TestMember = { userId: number; profileId: number; email: string; password: string; siteId: number };

let sequence = 0;

export async function createMember(options: MemberOptions = {}): Promise<TestMember> {
  sequence += 1;
  const email = options.email ?? `member-${Date.now()}-${sequence}-${crypto.randomUUID().slice(0, 8)}@example.test`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const status = options.status ?? "confirmed";
  const [[siteId]] = (await sql("SELECT id FROM sites WHERE key = ?", [options.site ?? "nl-general"])) as [[string]];
  const now = Math.floor(Date.now() / 1000);
  const deletedAt = status === "deleted" ? now - (options.deletedDaysAgo ?? 1) * 86400 : null;
  const [[userId]] = (await sql(
    `INSERT INTO users (site_id, email, password_hash, status, paid_user, credits, confirmed_at, deleted_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
    [
      Number(siteId),
      email.toLowerCase(),
      password === null ? null : await hashPassword(password),
      status,
      options.paidUser ? 1 : 0,
      options.credits ?? 0,
      status === "not_confirmed" ? null : now,
      deletedAt,
    ],
  )) as [[string]];
  const [[profileId]] = (await sql(
    `INSERT INTO profiles (user_id, site_id, name, gender, sexuality, birth_date, country, status)
     VALUES (?, ?, ?, ?, 'hetero', '1990-05-17', 'NL', ?) RETURNING id`,
    [
      Number(userId),
      Number(siteId),
      options.name ?? `Tester${sequence}`,
      options.gender ?? "male",
      status === "confirmed" ? "active" : "disabled",
    ],
  )) as [[string]];
  if (options.timeBonusSecondsLeft !== undefined) {
    await sql(
      `INSERT INTO time_bonuses (user_id, discount_code_id, starts_at, expires_at)
       SELECT ?, id, ?, ? FROM discount_codes WHERE code = 'TIMEBONUS25' AND site_id IS NULL`,
      [Number(userId), now, now + options.timeBonusSecondsLeft],
    );
  }
  return {
    userId: Number(userId),
    profileId: Number(profileId),
    email: email.toLowerCase(),
    password: password ?? "",
    siteId: Number(siteId),
  };
}

/** Logs a member in through the real login call; returns the Cookie header value for later requests. */
export async function loginCookie(member: TestMember, host = "localhost"): Promise<string> {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(
    new Request(`http://${host}/api/user.php`, {
      method: "POST",
      headers: { Origin: `http://${host}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: member.email, password: member.password }),
    }),
  );
  const cookie = response.headers.get("Set-Cookie");
  if (response.status !== 200 || !cookie) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return cookie.split(";")[0]!;
}

/**
 * The cookies a member's browser holds once it has opened a page after logging in: the session
 * (`auth`) and the `member` hint a chat send names the member by (ADR 059).
 */
export async function browserCookies(member: TestMember, host = "localhost"): Promise<string> {
  const { exports } = await import("cloudflare:workers");
  const auth = await loginCookie(member, host);
  const page = await exports.default.fetch(new Request(`http://${host}/chats`, { headers: { Cookie: auth }, redirect: "manual" }));
  await page.arrayBuffer();
  const hint = page.headers.getSetCookie().find((cookie) => cookie.startsWith("member="));
  if (!hint) throw new Error(`no member cookie from a page: ${page.status}`);
  return `${auth}; ${hint.split(";")[0]}`;
}
