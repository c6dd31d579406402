/**
 * The lengths of the /directdebit fields: the browser's `maxLength` and the server's schema
 * (direct-debit-schema.ts) read the same numbers. No zod or ibantools here, so the page's
 * JavaScript stays small.
 */
export { MAX_PHONE_INPUT } from "~/sms/phone";

export const MAX_ACCOUNT_HOLDER = 70; // what a SEPA mandate carries
export const MAX_IBAN_INPUT = 42; // 34 characters with a space every four
export const MAX_STREET = 100;
export const MAX_HOUSE_NUMBER = 12;
export const MAX_ZIP = 12;
export const MAX_CITY = 60;
export const CODE_LENGTH = 6;
