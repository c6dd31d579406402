/**
 * Single-use, expiring links sent by e-mail: activation, password reset, mail change and account
 * recovery. Only the token's hash is stored; using a token is one atomic UPDATE, so a link works
 * exactly once even when clicked twice at the same moment.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { isDevelopment, type AppEnv } from "~/env.server";
import { generateToken, hashToken, TOKEN_TTL_SECONDS, type TokenKind } from "~/security/tokens.server";
import { siteOrigin, type Site } from "~/sites/site.server";
import { z } from "zod";

/** The `token` of a mailed link (base32, as generateToken makes it), in a query or a form. */
export const mailedTokenSchema = z.object({ token: z.string().regex(/^[a-z2-7]{16,64}$/) });

type NewToken = { userId: number; kind: TokenKind; target?: string | null; now: Date; ttlSeconds?: number };

/** The row of a new link, stored by its hash only. */
function tokenRow(input: NewToken, token: string): typeof schema.verificationTokens.$inferInsert {
  return {
    userId: input.userId,
    kind: input.kind,
    tokenHash: hashToken(token),
    target: input.target ?? null,
    expiresAt: new Date(input.now.getTime() + (input.ttlSeconds ?? TOKEN_TTL_SECONDS[input.kind]) * 1000),
    createdAt: input.now,
  };
}

export async function createVerificationToken(db: Database, input: NewToken): Promise<string> {
  const token = generateToken();
  await db.insert(schema.verificationTokens).values(tokenRow(input, token));
  return token;
}

/**
 * A new link of this kind that ends the member's older unused ones in the same transaction: only
 * the newest works, also when two are asked for at once (a double click), and in one round trip.
 */
export async function replaceVerificationToken(db: Database, input: NewToken): Promise<string> {
  const token = generateToken();
  await db.batch([
    endUnusedTokens(db, input.userId, input.kind, input.now),
    db.insert(schema.verificationTokens).values(tokenRow(input, token)),
  ]);
  return token;
}

/** Uses a token: returns its user (and target) once; null when unknown, used, expired or of another kind. */
export async function consumeVerificationToken(db: Database, input: { token: string; kind: TokenKind; now: Date }) {
  if (!/^[a-z2-7]{16,64}$/.test(input.token)) return null;
  const [row] = await db
    .update(schema.verificationTokens)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(schema.verificationTokens.tokenHash, hashToken(input.token)),
        eq(schema.verificationTokens.kind, input.kind),
        isNull(schema.verificationTokens.usedAt),
        gt(schema.verificationTokens.expiresAt, input.now),
      ),
    )
    .returning({ userId: schema.verificationTokens.userId, target: schema.verificationTokens.target });
  return row ?? null;
}

/** Checks a token without using it (to show a form before the change happens). */
export async function peekVerificationToken(db: Database, input: { token: string; kind: TokenKind; now: Date }) {
  if (!/^[a-z2-7]{16,64}$/.test(input.token)) return null;
  const row = await db.query.verificationTokens.findFirst({
    where: and(
      eq(schema.verificationTokens.tokenHash, hashToken(input.token)),
      eq(schema.verificationTokens.kind, input.kind),
      isNull(schema.verificationTokens.usedAt),
      gt(schema.verificationTokens.expiresAt, input.now),
    ),
  });
  return row ? { userId: row.userId, target: row.target } : null;
}

/** Makes every open token of a kind unusable (e.g. older reset links after a new one is sent). */
export async function revokeTokens(db: Database, userId: number, kind: TokenKind, now: Date) {
  await endUnusedTokens(db, userId, kind, now);
}

/** The statement that marks the member's unused links of this kind as used. */
function endUnusedTokens(db: Database, userId: number, kind: TokenKind, now: Date) {
  const { verificationTokens } = schema;
  return db
    .update(verificationTokens)
    .set({ usedAt: now })
    .where(and(eq(verificationTokens.userId, userId), eq(verificationTokens.kind, kind), isNull(verificationTokens.usedAt)));
}

/** An absolute link to `path` on the site of `deps` (never on a host the request made up). */
export function absoluteUrl(deps: { site: Site; env: AppEnv }, request: Request, path: string): string {
  return new URL(path, siteOrigin(deps.site, request, { development: isDevelopment(deps.env) })).toString();
}
