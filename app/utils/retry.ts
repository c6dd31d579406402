/**
 * Retrying a call to a service outside the Worker (the mail provider, push services; ADR 042):
 * exponential back-off, and the wait a service asks for with Retry-After (RFC 9110 §10.2.3).
 */

/** How long to wait after the `attempt`-th failed attempt: 1, 2, 4 … minutes, at most an hour. */
export function backoffSeconds(attempt: number, { first = 60, max = 60 * 60 }: { first?: number; max?: number } = {}): number {
  return Math.min(first * 2 ** (Math.max(attempt, 1) - 1), max);
}

/**
 * The seconds a Retry-After header asks for: delay-seconds or an HTTP date. Undefined when absent
 * or unreadable; never negative; at most `max` (a service cannot park a retry forever).
 */
export function retryAfterSeconds(header: string | null | undefined, now: Date, max = 24 * 60 * 60): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  let seconds: number;
  if (/^\d+$/.test(value)) seconds = Number(value);
  else {
    // An HTTP date names its day ("Sat, 21 Nov 2026 12:10:00 GMT"); Date.parse would also take "-5".
    const at = /[a-z]/i.test(value) ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(at)) return undefined;
    seconds = Math.ceil((at - now.getTime()) / 1000);
  }
  return Math.min(Math.max(seconds, 0), max);
}

/** When the next attempt is due: the back-off, or later when the service asked for more time. */
export function nextAttemptAt(now: Date, attempt: number, retryAfter?: number): Date {
  return new Date(now.getTime() + Math.max(backoffSeconds(attempt), retryAfter ?? 0) * 1000);
}
