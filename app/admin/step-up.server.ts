/**
 * The admin step-up (ADR 054): before the console opens, an admin's session proves a second
 * factor — a passkey (signing in or confirming with one marks the session), or a 6-digit code
 * mailed to the admin's address. The code belongs to the session it was asked in: only its hash is
 * kept, it lives 10 minutes, and at most 5 tries are counted and checked in the statement that
 * checks the code, so parallel guesses cannot get past the limit.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import { withinLimits } from "~/security/rate-limit.server";
import { hashToken } from "~/security/tokens.server";

export const STEP_UP_CODE_SECONDS = 10 * 60;
export const STEP_UP_CODE_TRIES = 5;
/** Codes mailed per admin per hour. */
export const STEP_UP_CODES_PER_HOUR = 5;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

/** Six random digits, every value equally likely. */
export function generateCode(): string {
  const buffer = new Uint32Array(1);
  // Rejection sampling: 4,294,000,000 is the largest multiple of 1,000,000 below 2^32.
  do crypto.getRandomValues(buffer);
  while (buffer[0]! >= 4_294_000_000);
  return String(buffer[0]! % 1_000_000).padStart(6, "0");
}

const codeHash = (sessionId: string, code: string) => hashToken(`step-up:${sessionId}:${code}`);

export type StepUpAdmin = { id: number; email: string; language: string; sessionId: string; name: string };

/** Mails a new code for this session (the older one stops working); "limited" after too many. */
export async function sendStepUpCode(deps: MailDeps, admin: StepUpAdmin, link: string): Promise<"sent" | "limited"> {
  const { db, now } = deps;
  if (!(await withinLimits(db, [{ key: `step-up:${admin.id}`, limit: STEP_UP_CODES_PER_HOUR, windowSeconds: 3600 }], now)))
    return "limited";
  const code = generateCode();
  await db.run(sql`
    UPDATE sessions SET step_up_code_hash = ${codeHash(admin.sessionId, code)},
      step_up_code_expires_at = ${unix(now) + STEP_UP_CODE_SECONDS}, step_up_code_tries = 0
    WHERE id = ${admin.sessionId}`);
  await sendMail(deps, {
    template: "admin_code",
    to: admin.email,
    userId: admin.id,
    locale: admin.language,
    params: { name: admin.name, link, code, minutes: STEP_UP_CODE_SECONDS / 60 },
  });
  return "sent";
}

export type CodeCheck = "ok" | "wrong" | "expired";

/** Checks a code and counts the try in one statement; a right code marks the session as stepped up. */
export async function verifyStepUpCode(db: Database, input: { sessionId: string; code: string; now: Date }): Promise<CodeCheck> {
  const hash = codeHash(input.sessionId, input.code);
  const now = unix(input.now);
  const rows = await db.all<{ ok: number }>(sql`
    UPDATE sessions SET
      step_up_at = CASE WHEN step_up_code_hash = ${hash} THEN ${now} ELSE step_up_at END,
      step_up_code_hash = CASE WHEN step_up_code_hash = ${hash} THEN NULL ELSE step_up_code_hash END,
      step_up_code_tries = step_up_code_tries + 1
    WHERE id = ${input.sessionId} AND step_up_code_hash IS NOT NULL
      AND step_up_code_expires_at > ${now} AND step_up_code_tries < ${STEP_UP_CODE_TRIES}
    RETURNING step_up_code_hash IS NULL AS ok`);
  const [row] = rows;
  if (!row) return "expired";
  return Number(row.ok) === 1 ? "ok" : "wrong";
}
