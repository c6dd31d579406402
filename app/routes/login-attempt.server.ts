/**
 * One login attempt from a request (the /login form and POST /api/user.php): checks the password
 * for this site and visitor's IP and, on success, opens a session. Returns the outcome with the
 * translated failure message, so both callers answer alike.
 */
import type { RouterContextProvider } from "react-router";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { clientIp } from "~/security/rate-limit.server";
import { loginWithPassword, type LoggedInAccount } from "~/accounts/login.server";
import { startSession } from "~/http/sessions.server";

export type LoginAttempt =
  | { ok: true; userId: number; account: LoggedInAccount; cookie: string }
  | { ok: false; status: 401 | 429; message: string };

export async function attemptLogin(
  context: Readonly<RouterContextProvider>,
  request: Request,
  credentials: { email: string; password: string },
): Promise<LoginAttempt> {
  const { db, now } = getServices(context);
  const site = getSite(context);
  const t = getI18n(context).t;
  const outcome = await loginWithPassword(db, {
    siteId: site.id,
    email: credentials.email,
    password: credentials.password,
    ip: clientIp(request),
    now: now(),
    graceDays: site.settings.deletionGraceDays,
  });
  if (!outcome.ok) {
    return outcome.reason === "locked"
      ? { ok: false, status: 429, message: t("messages.accountLocked", { minutes: outcome.minutes }) }
      : { ok: false, status: 401, message: t("messages.loginFailed") };
  }
  return { ok: true, userId: outcome.userId, account: outcome.account, cookie: await startSession(db, outcome.userId, request, now()) };
}
