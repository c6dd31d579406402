/**
 * The /directdebit forms (product.md §3 "Direct-debit form: otp, account holder, iban, street,
 * house number, zip, city, phone"): one schema per step, checked on the server, each
 * with its `intent`. Messages are locale keys. IBANs are checked with ibantools (ADR 016) and
 * stored in their electronic format; phone numbers become E.164 with the member's country as the
 * default calling code.
 */
import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from "ibantools";
import { z } from "zod";
import { normalizePhone } from "~/sms/phone";
import {
  CODE_LENGTH,
  MAX_ACCOUNT_HOLDER,
  MAX_CITY,
  MAX_HOUSE_NUMBER,
  MAX_IBAN_INPUT,
  MAX_PHONE_INPUT,
  MAX_STREET,
  MAX_ZIP,
} from "./direct-debit-fields";

/** Package keys (p0–p3) as they travel in `?package=`. */
export const packageKeySchema = z.string().regex(/^[a-z0-9_-]{1,20}$/);

export type ParsedIban = { ok: true; electronic: string; friendly: string } | { ok: false; reason: "invalid" | "not_sepa" };

/** An IBAN as typed (spaces, dashes, lower case) checked and in both formats. */
export function parseIban(input: string): ParsedIban {
  if (input.length > MAX_IBAN_INPUT) return { ok: false, reason: "invalid" };
  const electronic = electronicFormatIBAN(input);
  if (!electronic || !isValidIBAN(electronic)) return { ok: false, reason: "invalid" };
  if (!isSEPACountry(electronic.slice(0, 2))) return { ok: false, reason: "not_sepa" };
  return { ok: true, electronic, friendly: friendlyFormatIBAN(electronic) ?? electronic };
}

/** The country an IBAN's account is in: its first two letters. */
const ibanCountry = (input: string) => (electronicFormatIBAN(input) ?? "").slice(0, 2);

/** The friendly format of a stored (electronic) IBAN: `NL91 ABNA 0417 1643 00`. */
export const friendlyIban = (electronic: string) => friendlyFormatIBAN(electronic) ?? electronic;

/** For the screen: the country and the last four characters, in groups of four (`NL•• •••• •••• ••43 00`). */
export function maskIban(electronic: string): string {
  const chars = [...electronic].map((char, index) => (index < 2 || index >= electronic.length - 4 ? char : "•"));
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += 4) groups.push(chars.slice(i, i + 4).join(""));
  return groups.join(" ");
}

const text = (error: string, min: number, max: number) => z.string({ error }).trim().min(min, { error }).max(max, { error });

/**
 * Step 1: the account and the member's address and mobile number. `country` decides how a national
 * phone number is read; the IBAN must be of one of `ibanCountries` (the site's direct-debit countries).
 */
export function mandateDetailsSchema(country: string | null, ibanCountries: readonly string[]) {
  return z.object({
    intent: z.literal("send"),
    accountHolder: text("directdebit:errors.accountHolder", 2, MAX_ACCOUNT_HOLDER),
    iban: z
      .string({ error: "directdebit:errors.iban" })
      .max(MAX_IBAN_INPUT, { error: "directdebit:errors.iban" })
      .refine(
        (value) => {
          const parsed = parseIban(value);
          return parsed.ok || parsed.reason !== "invalid";
        },
        { error: "directdebit:errors.iban", abort: true },
      )
      .refine((value) => parseIban(value).ok, { error: "directdebit:errors.ibanNotSepa", abort: true })
      .refine((value) => ibanCountries.includes(ibanCountry(value)), { error: "directdebit:errors.ibanCountry", abort: true })
      .transform((value) => electronicFormatIBAN(value) ?? value),
    street: text("directdebit:errors.street", 2, MAX_STREET),
    houseNumber: text("directdebit:errors.houseNumber", 1, MAX_HOUSE_NUMBER).regex(/^\d[\w\s/-]*$/u, {
      error: "directdebit:errors.houseNumber",
    }),
    zip: text("directdebit:errors.zip", 3, MAX_ZIP).regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, { error: "directdebit:errors.zip" }),
    city: text("directdebit:errors.city", 2, MAX_CITY),
    phone: z
      .string({ error: "directdebit:errors.phone" })
      .max(MAX_PHONE_INPUT, { error: "directdebit:errors.phone" })
      .refine((value) => normalizePhone(value, country) !== null, { error: "directdebit:errors.phone", abort: true })
      .transform((value) => normalizePhone(value, country) ?? value),
    package: packageKeySchema.optional(),
  });
}

export type MandateDetailsForm = z.input<ReturnType<typeof mandateDetailsSchema>>;

/** Step 2: the code from the text message. */
export const mandateCodeSchema = z.object({
  intent: z.literal("verify"),
  code: z
    .string({ error: "directdebit:errors.codeFormat" })
    .max(20, { error: "directdebit:errors.codeFormat" })
    .transform((value) => value.replace(/[\s-]/g, ""))
    .refine((value) => new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value), { error: "directdebit:errors.codeFormat" }),
  package: packageKeySchema.optional(),
});

export type MandateCodeForm = z.input<typeof mandateCodeSchema>;
