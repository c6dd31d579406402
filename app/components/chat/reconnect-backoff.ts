/**
 * When the live-chat socket (use-chat-socket.ts) tries again after it closed or could not connect
 * (ADR 027, ADR 044): about 1 s, doubling up to 30 s, each wait drawn at random from the upper half
 * of its step ("equal jitter"), so the sockets a deploy or a reset inbox closes at once do not all
 * come back in the same instant. A socket that stayed open a while starts again from the first
 * step; one that closes right after opening (an inbox that keeps failing) keeps backing off.
 */

/** The first wait's upper bound. */
export const FIRST_RETRY_MS = 1_000;
/** No wait is longer than this. */
export const MAX_RETRY_MS = 30_000;
/** A socket open at least this long was a good connection: the next drop starts from the first step. */
export const STEADY_MS = 10_000;

/** The wait before retry number `failures` (0 for the first after a drop): within [step / 2, step]. */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const doublings = failures > 0 ? Math.min(Math.floor(failures), 5) : 0;
  const step = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** doublings);
  return Math.round((step * (1 + random())) / 2);
}

/** The retry schedule of one socket: `next(openMs)` after each close, with how long it had been open (0: never). */
export function backoff(random: () => number = Math.random) {
  let failures = 0;
  return {
    next(openMs: number): number {
      if (openMs >= STEADY_MS) failures = 0;
      return retryDelay(failures++, random);
    },
  };
}
