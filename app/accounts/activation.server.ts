/**
 * E-mail confirmation (product.md §4 "Unconfirmed state"): a new account is `not_confirmed` with a
 * `disabled` profile until its owner opens the single-use link of the activation mail. Confirming
 * makes the profile visible and grants the site's `signup_credits` once (product.md §10), through
 * the credit ledger with the cause `signup:<userId>`.
 */
import { and, eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { CurrentUser } from "~/accounts/current-user.server";
import { normalizeEmail } from "~/accounts/login.server";
import { absoluteUrl, consumeVerificationToken, createVerificationToken } from "~/accounts/verification.server";
import { applyCredits } from "~/credits/ledger.server";
import { schema, type Database } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import { withinLimits } from "~/security/rate-limit.server";
import * as urls from "~/urls";

/** Resending: at most 3 mails per address per hour, and 10 per IP address. */
export const RESEND_LIMIT_PER_ADDRESS = 3;
export const RESEND_LIMIT_PER_IP = 10;
const HOUR = 60 * 60;

export const signupCreditsCause = (userId: number) => `signup:${userId}`;

export type ActivationRecipient = { id: number; email: string; name: string; language: string };

/** Sends a fresh activation link; older links stay valid until they expire or one is used. */
/** `alongside`: statements written with the mail's outbox row (mail.server.ts). */
export async function sendActivationMail(
  deps: MailDeps,
  request: Request,
  user: ActivationRecipient,
  alongside: BatchItem<"sqlite">[] = [],
) {
  const token = await createVerificationToken(deps.db, { userId: user.id, kind: "activation", target: user.email, now: deps.now });
  await sendMail(
    deps,
    {
      template: "activation",
      to: user.email,
      userId: user.id,
      locale: user.language,
      params: {
        name: user.name,
        link: absoluteUrl(deps, request, urls.activate(token)),
        credits: deps.site.settings.signupCredits,
      },
    },
    alongside,
  );
}

export type ActivationOutcome =
  | { ok: true; userId: number }
  /** invalid: unknown, used or expired link; failed: the account can no longer be activated. */
  | { ok: false; reason: "invalid" | "failed" };

export async function activateAccount(deps: { db: Database; now: Date; signupCredits: number }, token: string): Promise<ActivationOutcome> {
  const { db, now } = deps;
  const used = await consumeVerificationToken(db, { token, kind: "activation", now });
  if (!used) return { ok: false, reason: "invalid" };
  const user = await db.query.users.findFirst({
    columns: { id: true, email: true, status: true },
    where: eq(schema.users.id, used.userId),
  });
  // A link confirms the address it was sent to, not one the account changed to since.
  if (!user || (used.target !== null && used.target !== user.email)) return { ok: false, reason: "failed" };
  if (user.status !== "not_confirmed" && user.status !== "confirmed") return { ok: false, reason: "failed" };
  if (user.status === "not_confirmed") {
    await db.batch([
      db
        .update(schema.users)
        .set({ status: "confirmed", confirmedAt: now })
        .where(and(eq(schema.users.id, user.id), eq(schema.users.status, "not_confirmed"))),
      db
        .update(schema.profiles)
        .set({ status: "active", lastActiveAt: now })
        .where(and(eq(schema.profiles.userId, user.id), eq(schema.profiles.status, "disabled"))),
    ]);
  }
  // The cause key makes this a no-op for every later link of the same account.
  if (deps.signupCredits > 0) {
    await applyCredits(db, { userId: user.id, delta: deps.signupCredits, reason: "signup", causeKey: signupCreditsCause(user.id) });
  }
  return { ok: true, userId: user.id };
}

/** The credits a member received for confirming (0 when none were granted). */
export async function grantedSignupCredits(db: Database, userId: number): Promise<number> {
  const row = await db.query.creditLedger.findFirst({
    columns: { delta: true },
    where: eq(schema.creditLedger.causeKey, signupCreditsCause(userId)),
  });
  return row?.delta ?? 0;
}

/** invalid: no address to send to (signed out and none typed). */
export type ResendOutcome = "sent" | "limited" | "confirmed" | "invalid";

/**
 * Resends the activation mail: to the signed-in, unconfirmed member, or to an address typed in a
 * form. For a typed address the answer is "sent" whether or not an unconfirmed account exists,
 * so the form tells a stranger nothing about which addresses have accounts.
 */
export async function resendActivation(
  deps: MailDeps,
  request: Request,
  input: { user: CurrentUser | null; email?: string; ip: string },
): Promise<ResendOutcome> {
  const { db, site, now } = deps;
  const signedIn = input.user;
  if (signedIn && !input.email && signedIn.status === "confirmed") return "confirmed";
  const address = signedIn && !input.email ? signedIn.email : normalizeEmail(input.email ?? "");
  if (!address) return "invalid";
  const allowed = await withinLimits(
    db,
    [
      { key: `activation:email:${site.id}:${address}`, limit: RESEND_LIMIT_PER_ADDRESS, windowSeconds: HOUR },
      { key: `activation:ip:${input.ip}`, limit: RESEND_LIMIT_PER_IP, windowSeconds: HOUR },
    ],
    now,
  );
  if (!allowed) return "limited";
  const [user] = await db
    .select({ id: schema.users.id, email: schema.users.email, language: schema.users.language, name: schema.profiles.name })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.userId, schema.users.id))
    .where(and(eq(schema.users.siteId, site.id), eq(schema.users.email, address), eq(schema.users.status, "not_confirmed")))
    .limit(1);
  if (user) {
    // After the response, so that an unconfirmed address is not told apart by the time it takes.
    const send = sendActivationMail(deps, request, { ...user, name: user.name ?? user.email }).catch((error: unknown) => {
      console.error("activation mail failed", error);
    });
    if (deps.ctx) deps.ctx.waitUntil(send);
    else await send;
  }
  return "sent";
}
