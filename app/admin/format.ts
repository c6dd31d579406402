/**
 * Times in the console: "27 november 2026 09:14 UTC" in the operator's language. Rows read with
 * plain SQL carry unix seconds; drizzle's carry a Date.
 */
import { formatClockTime, formatDate } from "~/i18n/format";

export function instant(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value * 1000);
  if (typeof value === "string") return /^\d+$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
  return null;
}

export function formatWhen(value: unknown, language: string): string {
  const date = instant(value);
  if (!date || Number.isNaN(date.getTime())) return "";
  return `${formatDate(date, language)} ${formatClockTime(date, language, "UTC")} UTC`;
}
