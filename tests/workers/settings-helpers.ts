/**
 * Helpers for the settings and deletion tests: posting a settings form as a signed-in member and
 * reading links out of the mail outbox.
 */
import { post, sql } from "./helpers";

export const MESSAGES = {
  newEmailInvalid: "Nieuw e-mailadres invalide.",
  emailTaken: "Dit e-mailadres heeft al een account op deze site.",
  checkOldPassword: "Controleer je oude wachtwoord.",
  passwordsDiffer: "De opgegeven wachtwoorden zijn niet gelijk.",
  linkExpired: "Link verlopen of invalide, vraag een nieuwe e-mail aan",
};

export function postAs(cookie: string, path: string, form: Record<string, string>) {
  return post(path, form, { cookie });
}

/** The token of the newest mail of a template sent to an address. */
export async function tokenFromMail(to: string, template: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const rows = await sql("SELECT text FROM mail_outbox WHERE to_address = ? AND template = ? ORDER BY id DESC LIMIT 1", [to, template]);
    const text = rows[0]?.[0];
    if (typeof text === "string") {
      const match = new RegExp(`${path.replace(/[/?]/g, "\\$&")}\\?token=([a-z2-7]+)`).exec(text);
      if (!match) throw new Error(`no ${path} link in: ${text}`);
      return match[1]!;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no ${template} mail to ${to}`);
}

export async function userRow(userId: number) {
  const [row] = await sql(
    "SELECT email, status, invisible, email_disabled_reason, delete_reason, delete_remarks, password_hash FROM users WHERE id = ?",
    [userId],
  );
  const [email, status, invisible, emailDisabledReason, deleteReason, deleteRemarks, passwordHash] = row ?? [];
  return { email, status, invisible: Number(invisible), emailDisabledReason, deleteReason, deleteRemarks, passwordHash };
}

export async function count(query: string, args: (string | number)[]) {
  const [[n]] = (await sql(query, args)) as [[string]];
  return Number(n);
}

/** GET /api/user.php with a cookie: the member it belongs to, or null when the session is gone. */
export async function apiUser(cookie: string) {
  const { exports } = await import("cloudflare:workers");
  const response = await exports.default.fetch(
    new Request("http://localhost/api/user.php", { headers: { Cookie: cookie, "X-Requested-With": "XMLHttpRequest" } }),
  );
  return ((await response.json()) as { user: { id: number; email: string } | null }).user;
}
