/**
 * Secret tokens (sessions, e-mail links): random, and stored only as their SHA-256 hash, so a
 * database leak does not hand out working links or sessions.
 */
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

export function generateToken(bytes = 20): string {
  return encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** The kinds of mailed link (app/accounts/verification.server.ts) and how long each works. */
export type TokenKind = "activation" | "password_reset" | "mail_change" | "account_recovery" | "unsubscribe";

export const TOKEN_TTL_SECONDS: Record<TokenKind, number> = {
  activation: 7 * 24 * 60 * 60,
  password_reset: 60 * 60,
  mail_change: 24 * 60 * 60,
  account_recovery: 14 * 24 * 60 * 60,
  /** The link in a notification e-mail; it may be used more than once (see notification-mail.server.ts). */
  unsubscribe: 90 * 24 * 60 * 60,
};
