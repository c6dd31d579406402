/**
 * Helpers for the signup and activation tests: form posts from a chosen client IP address (the
 * signup rate limits count per IP), the account form, activation links from the outbox, and sites
 * with their own `signups` setting.
 */
import { exports } from "cloudflare:workers";
import { sql } from "./helpers";

let ipSequence = 0;

/** A client address of its own for each test, so per-IP limits never leak between tests. */
export function uniqueIp(): string {
  ipSequence += 1;
  return `198.51.${Math.floor(Math.random() * 200)}.${ipSequence % 250}`;
}

export function uniqueEmail(prefix = "signup") {
  return `${prefix}-${Date.now()}-${crypto.randomUUID().slice(0, 8)}@example.test`;
}

export function postAs(
  path: string,
  form: Record<string, string>,
  options: { host?: string; cookie?: string; ip?: string; headers?: Record<string, string> } = {},
) {
  const origin = `http://${options.host ?? "localhost"}`;
  const headers = new Headers({ Origin: origin, "Content-Type": "application/x-www-form-urlencoded", ...options.headers });
  if (options.cookie) headers.set("Cookie", options.cookie);
  headers.set("CF-Connecting-IP", options.ip ?? uniqueIp());
  return exports.default.fetch(
    new Request(`${origin}${path}`, { method: "POST", headers, body: new URLSearchParams(form), redirect: "manual" }),
  );
}

/** A complete, valid account form (step 1) for a new address. */
export function accountForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "account",
    email: uniqueEmail(),
    name: `Nieuw${Math.floor(Math.random() * 100000)}`,
    password: "correct horse battery",
    date_of_birth: "1991-04-12",
    gender: "female",
    seeking: "male",
    country: "NL",
    signup_message: "Hallo allemaal!",
    terms: "on",
    ...overrides,
  };
}

/** The `name=…` pair of a response's Set-Cookie header, for later requests. */
export function cookieOf(response: Response, name: string): string | null {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header ? header.split(";")[0]! : null;
}

/** The `auth=…` pair of a response's Set-Cookie header, for later requests. */
export function authCookieOf(response: Response): string | null {
  return cookieOf(response, "auth");
}

/** The token of the newest activation link mailed to an address. */
export async function activationToken(email: string): Promise<string> {
  const rows = await sql("SELECT text FROM mail_outbox WHERE to_address = ? AND template = 'activation' ORDER BY id DESC LIMIT 1", [email]);
  const text = String(rows[0]?.[0] ?? "");
  const token = /\/activate\?token=([a-z2-7]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no activation link mailed to ${email}: ${text}`);
  return token;
}

export async function userRow(email: string) {
  const [row] = await sql(
    `SELECT u.id, u.status, u.credits, u.language, u.password_hash, u.confirmed_at, p.status, p.name, p.gender, p.sexuality, p.birth_date, p.country, p.about_me
     FROM users u JOIN profiles p ON p.user_id = u.id WHERE u.email = ?`,
    [email.toLowerCase()],
  );
  if (!row) return null;
  const [id, status, credits, language, passwordHash, confirmedAt, profileStatus, name, gender, sexuality, birthDate, country, aboutMe] =
    row;
  return {
    id: Number(id),
    status,
    credits: Number(credits),
    language,
    passwordHash,
    confirmedAt,
    profileStatus,
    name,
    gender,
    sexuality,
    birthDate,
    country,
    aboutMe,
  };
}

/**
 * A copy of the default site under its own host with another `signups` setting. Sites are cached
 * per isolate for a minute, so create these before the first request of the test file.
 */
export async function createSiteWithSignups(
  key: string,
  signups: "all" | "with_trafficsource" | "invite_only",
  options: { trafficNetworks?: string[] } = {},
): Promise<string> {
  const host = `${key}.signup.test`;
  const [[siteId]] = (await sql(
    `INSERT INTO sites (key, name, domain, domain_language, company_id, is_default, settings)
     SELECT ?, name, ?, domain_language, company_id, 0,
            json_set(settings, '$.signups', ?, '$.trafficNetworks', json(coalesce(?, json_extract(settings, '$.trafficNetworks'))))
     FROM sites WHERE is_default = 1
     RETURNING id`,
    [`${key}-${crypto.randomUUID().slice(0, 8)}`, host, signups, options.trafficNetworks ? JSON.stringify(options.trafficNetworks) : null],
  )) as [[string]];
  await sql("INSERT INTO site_hosts (host, site_id) VALUES (?, ?)", [host, Number(siteId)]);
  return host;
}
