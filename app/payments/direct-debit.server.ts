/**
 * SEPA direct debit (product.md §2 "Direct-debit form", §5 "Direct debit needs a valid SMS code"):
 * the member's account details, confirmed by a six-digit code sent by SMS to their phone, become a
 * mandate at the payment provider; the checkout then collects orders on it (method `sdd`).
 *
 * One mandate row per member (`direct_debit_mandates`): `unverified` while a code is out, `active`
 * once confirmed, `blocked` after a direct debit failed or was charged back (for good: the member
 * pays by other methods). Codes are stored as their SHA-256 only, live 10 minutes, allow 5 wrong
 * tries, and at most 3 are sent per member per hour.
 */
import { and, eq, gt, isNotNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { plainTextT } from "~/i18n/plain-text.server";
import { hit } from "~/security/rate-limit.server";
import { hashToken } from "~/security/tokens.server";
import { maskPhone } from "~/sms/phone";
import { sendSms, type SmsSender } from "~/sms/sms.server";
import { friendlyIban, maskIban, parseIban } from "./direct-debit-schema";
import { PaymentProviderError, type PaymentProvider } from "./provider.server";

const { directDebitMandates: mandates } = schema;

export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_CODE_ATTEMPTS = 5;
export const CODES_PER_HOUR = 3;
/** The direct-debit limit (site setting `directDebitLimitCents`) counts the orders of this many days. */
export const LIMIT_WINDOW_DAYS = 30;

/** The form's details, validated: `iban` in electronic format, `phone` in E.164. */
export type MandateDetails = {
  accountHolder: string;
  iban: string;
  street: string;
  houseNumber: string;
  zip: string;
  city: string;
  phone: string;
};

export type SendCodeOutcome =
  | { status: "code_sent"; maskedPhone: string }
  /** Details are stored and a code exists, but the text did not go out: the member may ask again. */
  | { status: "sms_failed" }
  | { status: "blocked" }
  | { status: "too_many_codes" }
  /** Resend without details waiting for a code. */
  | { status: "no_details" };

export type VerifyOutcome =
  | { status: "verified"; mandate: ActiveMandate }
  | { status: "invalid"; attemptsLeft: number }
  | { status: "too_many_attempts" }
  | { status: "expired" }
  | { status: "no_code" }
  | { status: "blocked" }
  | { status: "provider_error" };

export type ActiveMandate = {
  id: number;
  providerCustomerId: string;
  providerMandateId: string;
  accountHolder: string;
  maskedIban: string;
  verifiedAt: Date | null;
};

export type DirectDebitAllowance = "ok" | "blocked" | "limit_reached" | "no_mandate";

/** What the /directdebit page shows of a member's mandate. */
export type MandateView = {
  status: "unverified" | "active" | "blocked";
  maskedIban: string;
  maskedPhone: string;
  /** A code is out (it may have expired). */
  codeSent: boolean;
  /** The stored details, to fill the form in again (IBAN in its friendly format). */
  details: MandateDetails;
};

// ─────────────────────────────── codes ───────────────────────────────

/** Six digits, uniformly from the platform's CSPRNG (rejection sampling, no modulo bias). */
export function generateCode(): string {
  const bound = Math.floor(0x1_0000_0000 / 1_000_000) * 1_000_000;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < bound) return String(value % 1_000_000).padStart(6, "0");
  }
}

/** The text message in the member's language: "Je code voor de automatische incasso van {{site}}: 123456". */
export function codeSmsText(language: string, site: string, code: string): string {
  const t = plainTextT("directdebit", language);
  if (!t("sms.code", { site, code, defaultValue: "" })) throw new Error(`directdebit:sms.code is missing in ${language}`);
  return t("sms.code", { site, code });
}

const codeLimit = (userId: number) => ({ key: `directdebit:code:user:${userId}`, limit: CODES_PER_HOUR, windowSeconds: 3600 });

async function findMandate(db: Database, userId: number) {
  return (await db.query.directDebitMandates.findFirst({ where: eq(mandates.userId, userId) })) ?? null;
}

async function ibanBlocked(db: Database, iban: string): Promise<boolean> {
  const row = await db
    .select({ id: mandates.id })
    .from(mandates)
    .where(and(eq(mandates.iban, iban), eq(mandates.status, "blocked")))
    .limit(1);
  return row.length > 0;
}

function freshCode(now: Date) {
  const code = generateCode();
  return { code, codeHash: hashToken(code), codeExpiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000), codeAttempts: 0 };
}

async function textCode(
  db: Database,
  sms: SmsSender,
  input: { userId: number; language: string; phone: string; code: string; now: Date },
): Promise<SendCodeOutcome> {
  const sent = await sendSms(db, sms, {
    userId: input.userId,
    to: input.phone,
    body: codeSmsText(input.language, sms.siteName, input.code),
    now: input.now,
  });
  return sent.status === "failed" ? { status: "sms_failed" } : { status: "code_sent", maskedPhone: maskPhone(input.phone) };
}

/**
 * Stores (or overwrites) the member's unverified details and texts them a new code. An active
 * mandate is replaced: it stops being used until the new details are confirmed. Refused for a
 * blocked member and for an IBAN that belongs to any blocked mandate.
 */
export async function saveMandateDetails(
  db: Database,
  sms: SmsSender,
  input: { userId: number; language: string; details: MandateDetails; now: Date },
): Promise<SendCodeOutcome> {
  const { userId, details, now } = input;
  const iban = parseIban(details.iban);
  if (!iban.ok) throw new Error("saveMandateDetails: the IBAN must be validated first");
  if (!/^\+[1-9]\d{6,14}$/.test(details.phone)) throw new Error("saveMandateDetails: the phone number must be E.164");

  const existing = await findMandate(db, userId);
  if (existing?.status === "blocked") return { status: "blocked" };
  if (await ibanBlocked(db, iban.electronic)) return { status: "blocked" };
  if (!(await hit(db, codeLimit(userId), now))) return { status: "too_many_codes" };

  const { code, ...codeColumns } = freshCode(now);
  const values = {
    accountHolder: details.accountHolder,
    iban: iban.electronic,
    street: details.street,
    houseNumber: details.houseNumber,
    zip: details.zip,
    city: details.city,
    phone: details.phone,
    status: "unverified" as const,
    ...codeColumns,
    // A new mandate is made at the provider on confirmation; the provider's customer is kept.
    providerMandateId: null,
    verifiedAt: null,
    updatedAt: now,
  };
  const saved = await db
    .insert(mandates)
    .values({ userId, createdAt: now, ...values })
    .onConflictDoUpdate({ target: mandates.userId, set: values, setWhere: ne(mandates.status, "blocked") })
    .returning({ id: mandates.id });
  // Blocked between the read and the write.
  if (saved.length === 0) return { status: "blocked" };
  return textCode(db, sms, { userId, language: input.language, phone: details.phone, code, now });
}

/** A new code for the stored details (the old one stops working). */
export async function resendMandateCode(
  db: Database,
  sms: SmsSender,
  input: { userId: number; language: string; now: Date },
): Promise<SendCodeOutcome> {
  const { userId, now } = input;
  const existing = await findMandate(db, userId);
  if (!existing) return { status: "no_details" };
  if (existing.status === "blocked") return { status: "blocked" };
  if (existing.status !== "unverified") return { status: "no_details" };
  if (!(await hit(db, codeLimit(userId), now))) return { status: "too_many_codes" };
  const { code, ...codeColumns } = freshCode(now);
  const updated = await db
    .update(mandates)
    .set({ ...codeColumns, updatedAt: now })
    .where(and(eq(mandates.userId, userId), eq(mandates.status, "unverified")))
    .returning({ phone: mandates.phone });
  const phone = updated[0]?.phone;
  if (!phone) return { status: "no_details" };
  return textCode(db, sms, { userId, language: input.language, phone, code, now });
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Checks the code. Wrong: counted ('Code ongeldig'); the fifth wrong try voids the code. Right: a
 * customer (once per member) and a mandate at the provider, and the mandate is active. A provider
 * failure changes nothing but the customer it may have made: the member can try the same code again.
 */
export async function verifyMandateCode(
  db: Database,
  provider: PaymentProvider,
  input: { userId: number; code: string; user: { email: string; name: string; locale: string }; now: Date },
): Promise<VerifyOutcome> {
  const { userId, now } = input;
  // Every try is counted before the code is compared, in the statement that checks the count: 40
  // guesses sent together compare at most MAX_CODE_ATTEMPTS of them.
  const [row] = await db
    .update(mandates)
    .set({ codeAttempts: sql`${mandates.codeAttempts} + 1`, updatedAt: now })
    .where(
      and(
        eq(mandates.userId, userId),
        eq(mandates.status, "unverified"),
        isNotNull(mandates.codeHash),
        lt(mandates.codeAttempts, MAX_CODE_ATTEMPTS),
        gt(mandates.codeExpiresAt, now),
      ),
    )
    .returning();
  if (!row?.codeHash) return whyNoTry(await findMandate(db, userId), now);

  if (hashToken(input.code) !== row.codeHash) {
    if (row.codeAttempts >= MAX_CODE_ATTEMPTS) {
      await db
        .update(mandates)
        .set({ codeHash: null, codeExpiresAt: null })
        .where(and(eq(mandates.id, row.id), eq(mandates.codeHash, row.codeHash)));
      return { status: "too_many_attempts" };
    }
    return { status: "invalid", attemptsLeft: MAX_CODE_ATTEMPTS - row.codeAttempts };
  }

  let customerId = row.providerCustomerId;
  let providerMandateId: string;
  try {
    if (!customerId) {
      const customer = await provider.createCustomer({
        name: input.user.name,
        email: input.user.email,
        language: input.user.locale,
        idempotencyKey: `customer-${row.id}-${crypto.randomUUID()}`,
      });
      customerId = customer.id;
      // Kept at once: a retry after a failed mandate reuses this customer.
      await db.update(mandates).set({ providerCustomerId: customerId }).where(eq(mandates.id, row.id));
    }
    const created = await provider.createMandate({
      customerId,
      consumerName: row.accountHolder,
      iban: row.iban,
      signatureDate: day(now),
      reference: `DD-${userId}-${Math.floor(now.getTime() / 1000)}`,
      idempotencyKey: `mandate-${row.id}-${crypto.randomUUID()}`,
    });
    if (created.status === "invalid") throw new PaymentProviderError(`the provider refused the mandate (${created.id}: invalid)`);
    providerMandateId = created.id;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`direct-debit mandate for user ${userId} could not be created`, error.message);
    // The right code was typed: its try is given back, so the member can send it again.
    await db
      .update(mandates)
      .set({ codeAttempts: sql`max(${mandates.codeAttempts} - 1, 0)` })
      .where(and(eq(mandates.id, row.id), eq(mandates.codeHash, row.codeHash)));
    return { status: "provider_error" };
  }

  const [activated] = await db
    .update(mandates)
    .set({
      status: "active",
      providerCustomerId: customerId,
      providerMandateId,
      verifiedAt: now,
      codeHash: null,
      codeExpiresAt: null,
      codeAttempts: 0,
      updatedAt: now,
    })
    .where(and(eq(mandates.id, row.id), eq(mandates.status, "unverified"), eq(mandates.codeHash, row.codeHash)))
    .returning();
  if (!activated) {
    // Another request confirmed (or blocked, or replaced) it meanwhile.
    const current = await activeMandate(db, userId);
    if (current) return { status: "verified", mandate: current };
    return (await findMandate(db, userId))?.status === "blocked" ? { status: "blocked" } : { status: "no_code" };
  }
  return { status: "verified", mandate: toActive(activated)! };
}

/** Why a code could not be tried: no mandate or code, blocked, used up or expired. */
function whyNoTry(row: typeof mandates.$inferSelect | null, now: Date): VerifyOutcome {
  if (!row) return { status: "no_code" };
  if (row.status === "blocked") return { status: "blocked" };
  if (row.status !== "unverified" || !row.codeHash) return { status: "no_code" };
  if (row.codeAttempts >= MAX_CODE_ATTEMPTS) return { status: "too_many_attempts" };
  if (!row.codeExpiresAt || row.codeExpiresAt.getTime() <= now.getTime()) return { status: "expired" };
  return { status: "no_code" };
}

// ─────────────────────────── the mandate ───────────────────────────

function toActive(row: typeof mandates.$inferSelect): ActiveMandate | null {
  if (row.status !== "active" || !row.providerCustomerId || !row.providerMandateId) return null;
  return {
    id: row.id,
    providerCustomerId: row.providerCustomerId,
    providerMandateId: row.providerMandateId,
    accountHolder: row.accountHolder,
    maskedIban: maskIban(row.iban),
    verifiedAt: row.verifiedAt,
  };
}

/** The member's confirmed mandate (the provider's ids for a recurring payment), or null. */
export async function activeMandate(db: Database, userId: number): Promise<ActiveMandate | null> {
  const row = await findMandate(db, userId);
  return row ? toActive(row) : null;
}

/** What the /directdebit page shows: null when the member never entered details. */
export async function mandateView(db: Database, userId: number): Promise<MandateView | null> {
  const row = await findMandate(db, userId);
  if (!row) return null;
  return {
    status: row.status,
    maskedIban: maskIban(row.iban),
    maskedPhone: maskPhone(row.phone),
    codeSent: row.status === "unverified" && row.codeHash !== null,
    details: {
      accountHolder: row.accountHolder,
      iban: friendlyIban(row.iban),
      street: row.street,
      houseNumber: row.houseNumber,
      zip: row.zip,
      city: row.city,
      phone: row.phone,
    },
  };
}

/** After a failed or charged-back direct debit: no more direct debits for this member. */
export async function blockMandate(db: Database, userId: number): Promise<void> {
  await db
    .update(mandates)
    .set({ status: "blocked", codeHash: null, codeExpiresAt: null, updatedAt: new Date() })
    .where(eq(mandates.userId, userId));
}

/**
 * May this member pay `amountCents` by direct debit now? Blocked members never; otherwise their
 * direct-debit orders of the last 30 days that may still be collected (open, pending, paid) plus
 * this one must stay within the site's limit; and they need a confirmed mandate.
 */
export async function directDebitAllowance(
  db: Database,
  input: { userId: number; amountCents: number; limitCents: number; now: Date },
): Promise<DirectDebitAllowance> {
  const [row, [owed]] = await Promise.all([
    findMandate(db, input.userId),
    db.all<{ cents: number }>(sql`SELECT (${directDebitOutstanding(input.userId, input.now)}) AS cents`),
  ]);
  if (row?.status === "blocked") return "blocked";
  if (Number(owed?.cents ?? 0) + input.amountCents > input.limitCents) return "limit_reached";
  return row && toActive(row) ? "ok" : "no_mandate";
}

/**
 * The cents a member's direct-debit orders of the last 30 days may still collect (open, pending,
 * paid): what the limit counts. A subquery, so the order insert checks it in its own statement.
 */
export function directDebitOutstanding(userId: number, now: Date): SQL {
  const sinceS = Math.floor(now.getTime() / 1000) - LIMIT_WINDOW_DAYS * 86_400;
  return sql`SELECT coalesce(sum(amount_cents), 0) FROM orders
    WHERE user_id = ${userId} AND method = 'sdd' AND status IN ('open', 'pending', 'paid') AND created_at > ${sinceS}`;
}
