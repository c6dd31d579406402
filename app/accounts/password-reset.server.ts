/**
 * Password reset (product.md §10: at most 3 reset mails per address per day; links single-use,
 * valid 1 hour). A request answers the same for every address (ADR 010): the limits count requests
 * per address, known or not, and the mail is written after the response so timing tells nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import { withinLimits } from "~/security/rate-limit.server";
import { normalizeEmail } from "./login.server";
import { hashPassword } from "./password.server";
import { endUserSessions, type SessionEndDeps } from "./session-end.server";
import { createSession } from "./session.server";
import {
  absoluteUrl,
  consumeVerificationToken,
  peekVerificationToken,
  replaceVerificationToken,
  revokeTokens,
} from "./verification.server";
import * as urls from "~/urls";

export const RESET_REQUESTS_PER_ADDRESS_PER_DAY = 3;
export const RESET_REQUESTS_PER_IP_PER_HOUR = 10;

/**
 * Accounts that may reset their password. Not a deleted one (still in its grace period): a reset
 * link must not bring it back (ADR 040); its own recovery link, a login or a passkey does.
 */
const RESETTABLE = ["confirmed", "not_confirmed"] as const;

const mayReset = (status: string) => (RESETTABLE as readonly string[]).includes(status);

export type ResetRequestResult = "accepted" | "too_many";

export async function requestPasswordReset(
  deps: MailDeps,
  /** `alongside`: statements written with the mail's outbox row, when a mail is sent (mail.server.ts). */
  input: { email: string; ip: string; request: Request; alongside?: BatchItem<"sqlite">[] },
): Promise<ResetRequestResult> {
  const { db, site, now } = deps;
  const email = normalizeEmail(input.email);
  const allowed = await withinLimits(
    db,
    [
      { key: `reset:email:${site.id}:${email}`, limit: RESET_REQUESTS_PER_ADDRESS_PER_DAY, windowSeconds: 24 * 60 * 60 },
      { key: `reset:ip:${input.ip}`, limit: RESET_REQUESTS_PER_IP_PER_HOUR, windowSeconds: 60 * 60 },
    ],
    now,
  );
  if (!allowed) return "too_many";

  const send = sendResetMail(deps, email, input.request, input.alongside).catch((error: unknown) => {
    console.error("password reset mail failed", error);
  });
  if (deps.ctx) deps.ctx.waitUntil(send);
  else await send;
  return "accepted";
}

async function sendResetMail(deps: MailDeps, email: string, request: Request, alongside: BatchItem<"sqlite">[] = []) {
  const { db, site, now } = deps;
  const { users, profiles } = schema;
  const [user] = await db
    .select({ id: users.id, email: users.email, language: users.language, name: profiles.name })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.siteId, site.id), eq(users.email, email), inArray(users.status, [...RESETTABLE])))
    .limit(1);
  if (!user) return;
  // A new link replaces the older ones.
  const token = await replaceVerificationToken(db, { userId: user.id, kind: "password_reset", now });
  await sendMail(
    deps,
    {
      template: "password_reset",
      to: user.email,
      userId: user.id,
      locale: user.language,
      params: { name: user.name ?? user.email, link: absoluteUrl(deps, request, urls.resetPassword(token)) },
    },
    alongside,
  );
}

/** Whether a reset link still works (checked without using it): unused, not expired, of an account that may reset. */
export async function resetLinkUsable(db: Database, input: { token: string; now: Date }): Promise<boolean> {
  const link = await peekVerificationToken(db, { token: input.token, kind: "password_reset", now: input.now });
  if (!link) return false;
  const user = await db.query.users.findFirst({ columns: { status: true }, where: eq(schema.users.id, link.userId) });
  return user !== undefined && mayReset(user.status);
}

/**
 * Sets a new password through a reset link: uses the token (once), ends every session of the
 * member (product.md §10: a reset signs out everywhere), closing their live-chat sockets, and opens
 * a fresh one on this device. A link of an account that may not reset (deleted, banned, erased) is
 * as invalid as a used one.
 */
export async function completePasswordReset(
  deps: SessionEndDeps,
  input: { token: string; password: string; request: Request; now: Date },
): Promise<{ ok: true; userId: number; sessionToken: string } | { ok: false }> {
  const { db } = deps;
  const used = await consumeVerificationToken(db, { token: input.token, kind: "password_reset", now: input.now });
  if (!used) return { ok: false };
  const user = await db.query.users.findFirst({ columns: { id: true, status: true }, where: eq(schema.users.id, used.userId) });
  if (!user || !mayReset(user.status)) return { ok: false };

  const passwordHash = await hashPassword(input.password);
  await db.update(schema.users).set({ passwordHash, lastSeenAt: input.now }).where(eq(schema.users.id, user.id));
  await endUserSessions(deps, { userId: user.id });
  await revokeTokens(db, user.id, "password_reset", input.now);
  const session = await createSession(db, user.id, input.request, input.now);
  return { ok: true, userId: user.id, sessionToken: session.token };
}
