/**
 * Passkeys (WebAuthn, ADR 009): the recommended sign-in (product.md §10 "Accounts"). The relying
 * party is the host the member is on, so every site of the deployment has its own passkeys; sign-in
 * uses discoverable credentials, so the login page needs no e-mail address first.
 *
 * Challenges live in `auth_challenges` for 5 minutes and are taken with one DELETE … RETURNING,
 * so each works exactly once even when two requests race.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { countHit, type Limit } from "~/security/rate-limit.server";
import { generateToken } from "~/security/tokens.server";
import { reactivateIfRecoverable } from "./deletion.server";

export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const MAX_PASSKEY_NAME_LENGTH = 60;

export type PasskeyListItem = { id: string; name: string | null; createdAt: string; lastUsedAt: string | null };

export type PasskeyFailure = "expired" | "invalid" | "already_registered";

/** The relying party of a request: the site's host name, with the page's origin expected back. */
export function relyingParty(request: Request) {
  const url = new URL(request.url);
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * The WebAuthn user handle: stable per member (so a device replaces rather than duplicates its
 * passkey for the same account) and opaque (no e-mail or database id in the authenticator).
 */
export function userHandle(userId: number): Uint8Array<ArrayBuffer> {
  return new Uint8Array(sha256(new TextEncoder().encode(`dating-edge passkey user ${userId}`)).slice(0, 16));
}

async function storeChallenge(
  db: Database,
  input: { challenge: string; kind: "registration" | "authentication"; userId: number | null; now: Date },
): Promise<string> {
  const id = generateToken();
  await db.insert(schema.authChallenges).values({
    id,
    userId: input.userId,
    challenge: input.challenge,
    kind: input.kind,
    expiresAt: new Date(input.now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return id;
}

/** Takes a challenge out of the table (single use); null when unknown, someone else's or expired. */
async function takeChallenge(
  db: Database,
  input: { id: string; kind: "registration" | "authentication"; userId: number | null; now: Date },
): Promise<string | null> {
  if (!/^[a-z2-7]{16,64}$/.test(input.id)) return null;
  const { authChallenges } = schema;
  const [row] = await db
    .delete(authChallenges)
    .where(
      and(
        eq(authChallenges.id, input.id),
        eq(authChallenges.kind, input.kind),
        input.userId === null ? isNull(authChallenges.userId) : eq(authChallenges.userId, input.userId),
      ),
    )
    .returning({ challenge: authChallenges.challenge, expiresAt: authChallenges.expiresAt });
  if (!row || row.expiresAt.getTime() <= input.now.getTime()) return null;
  return row.challenge;
}

export async function listPasskeys(db: Database, userId: number): Promise<PasskeyListItem[]> {
  const rows = await db
    .select({
      id: schema.passkeys.id,
      name: schema.passkeys.name,
      createdAt: schema.passkeys.createdAt,
      lastUsedAt: schema.passkeys.lastUsedAt,
    })
    .from(schema.passkeys)
    .where(eq(schema.passkeys.userId, userId))
    .orderBy(asc(schema.passkeys.createdAt), asc(schema.passkeys.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  }));
}

/** Removes one of the member's own passkeys; false when there is no such passkey of theirs. */
export async function removePasskey(db: Database, userId: number, passkeyId: string): Promise<boolean> {
  const removed = await db
    .delete(schema.passkeys)
    .where(and(eq(schema.passkeys.id, passkeyId), eq(schema.passkeys.userId, userId)))
    .returning({ id: schema.passkeys.id });
  return removed.length > 0;
}

/**
 * Options for adding a passkey to the signed-in member's account; null when `limit` refuses another
 * try. The limit's count, the member's passkeys and the challenge's row travel in one batch (ADR
 * 056): the challenge is drawn first, and stored only while the count is within the limit.
 */
export async function registrationOptions(
  db: Database,
  input: { user: { id: number; email: string; displayName: string }; siteName: string; request: Request; now: Date; limit: Limit },
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON } | null> {
  const challenge = crypto.getRandomValues(new Uint8Array(32));
  const challengeId = generateToken();
  const { limit, now } = input;
  const since = Math.floor((now.getTime() - limit.windowSeconds * 1000) / 1000);
  const [, [counted], existing] = await db.batch([
    ...countHit(db, limit, now),
    db
      .select({ id: schema.passkeys.id, transports: schema.passkeys.transports })
      .from(schema.passkeys)
      .where(eq(schema.passkeys.userId, input.user.id)),
    db.run(sql`
      INSERT INTO ${schema.authChallenges} (id, user_id, challenge, kind, expires_at)
      SELECT ${challengeId}, ${input.user.id}, ${encodeBase64urlNoPadding(challenge)}, 'registration',
        ${Math.floor(now.getTime() / 1000) + CHALLENGE_TTL_SECONDS}
      WHERE (SELECT count(*) FROM ${schema.rateLimitEvents} WHERE key = ${limit.key} AND created_at > ${since}) <= ${limit.limit}`),
  ]);
  if ((counted?.n ?? 0) > limit.limit) return null;
  const options = await generateRegistrationOptions({
    rpName: input.siteName,
    rpID: relyingParty(input.request).rpID,
    userName: input.user.email,
    userDisplayName: input.user.displayName,
    userID: userHandle(input.user.id),
    challenge,
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.id,
      transports: passkey.transports ?? undefined,
    })),
    authenticatorSelection: { residentKey: "preferred", userVerification: "preferred" },
  });
  return { challengeId, options };
}

/** Verifies the browser's answer to `registrationOptions` and stores the new passkey. */
export async function verifyRegistration(
  db: Database,
  input: {
    userId: number;
    challengeId: string;
    response: RegistrationResponseJSON;
    name: string | null;
    defaultName: (number: number) => string;
    request: Request;
    now: Date;
  },
): Promise<{ ok: true; passkey: PasskeyListItem } | { ok: false; reason: PasskeyFailure }> {
  const expectedChallenge = await takeChallenge(db, { id: input.challengeId, kind: "registration", userId: input.userId, now: input.now });
  if (!expectedChallenge) return { ok: false, reason: "expired" };
  const { rpID, origin } = relyingParty(input.request);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      // userVerification is "preferred": a security key without PIN is still a valid passkey.
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;

  const [owned] = await db.select({ n: count() }).from(schema.passkeys).where(eq(schema.passkeys.userId, input.userId));
  const name = input.name?.trim() || input.defaultName((owned?.n ?? 0) + 1);
  const [stored] = await db
    .insert(schema.passkeys)
    .values({
      id: credential.id,
      userId: input.userId,
      publicKey: Buffer.from(credential.publicKey),
      counter: credential.counter,
      transports: input.response.response.transports ?? credential.transports ?? null,
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name: name.slice(0, MAX_PASSKEY_NAME_LENGTH),
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: schema.passkeys.id })
    .returning();
  if (!stored) return { ok: false, reason: "already_registered" };
  return {
    ok: true,
    passkey: { id: stored.id, name: stored.name, createdAt: stored.createdAt.toISOString(), lastUsedAt: null },
  };
}

/** Options for signing in with any passkey of this site (discoverable credentials, no e-mail). */
export async function authenticationOptions(
  db: Database,
  input: { request: Request; now: Date },
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({ rpID: relyingParty(input.request).rpID, userVerification: "preferred" });
  const challengeId = await storeChallenge(db, { challenge: options.challenge, kind: "authentication", userId: null, now: input.now });
  return { challengeId, options };
}

/**
 * Verifies a passkey sign-in: the credential must belong to a member of THIS site whose account
 * can sign in (a deleted account within its grace period is reactivated, as with a password).
 * The signature counter is checked by the library (a lower value means a cloned authenticator)
 * and stored.
 */
export async function verifyAuthentication(
  db: Database,
  input: {
    siteId: number;
    challengeId: string;
    response: AuthenticationResponseJSON;
    request: Request;
    now: Date;
    /** Re-authentication: only a passkey of this member counts. */
    userId?: number;
    /** The site's grace period for a deleted account (`deletionGraceDays`), as a password sign-in has it. */
    graceDays?: number;
  },
): Promise<{ ok: true; userId: number; reactivated: boolean } | { ok: false; reason: Exclude<PasskeyFailure, "already_registered"> }> {
  const expectedChallenge = await takeChallenge(db, { id: input.challengeId, kind: "authentication", userId: null, now: input.now });
  if (!expectedChallenge) return { ok: false, reason: "expired" };
  const { passkeys, users } = schema;
  const [row] = await db
    .select({ passkey: passkeys, status: users.status })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(
      and(
        eq(passkeys.id, input.response.id),
        eq(users.siteId, input.siteId),
        input.userId === undefined ? undefined : eq(passkeys.userId, input.userId),
      ),
    )
    .limit(1);
  if (!row) return { ok: false, reason: "invalid" };
  const { passkey } = row;
  const returnedHandle = input.response.response.userHandle;
  if (returnedHandle && returnedHandle !== encodeBase64urlNoPadding(userHandle(passkey.userId))) return { ok: false, reason: "invalid" };

  const { rpID, origin } = relyingParty(input.request);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports ?? undefined,
      },
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verification.verified) return { ok: false, reason: "invalid" };

  let reactivated = false;
  if (row.status === "deleted") {
    reactivated = await reactivateIfRecoverable(db, passkey.userId, input.now, input.graceDays);
    if (!reactivated) return { ok: false, reason: "invalid" };
  } else if (row.status !== "confirmed" && row.status !== "not_confirmed") {
    return { ok: false, reason: "invalid" };
  }

  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  // The counter only moves forward (two sign-ins racing with one authenticator cannot lower it);
  // authenticators that do not count (many synced passkeys) always report 0.
  await db.batch([
    db
      .update(passkeys)
      .set({ counter: sql`max(${passkeys.counter}, ${newCounter})`, backedUp: credentialBackedUp, lastUsedAt: input.now })
      .where(eq(passkeys.id, passkey.id)),
    db.update(users).set({ lastSeenAt: input.now }).where(eq(users.id, passkey.userId)),
  ]);
  return { ok: true, userId: passkey.userId, reactivated };
}
