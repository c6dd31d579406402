/**
 * A fake Resend for the workerd tests: the Worker's outgoing fetch to api.resend.com is answered
 * here (the tests and the Worker share one isolate), as each test scripts it per recipient: a
 * status (503, 429 with Retry-After, 422 …), success, or no answer at all until released (a
 * provider that hangs; the Worker's own time limit still applies). Give the Worker RESEND_ENV to
 * send through Resend. Restore with `vi.restoreAllMocks()`.
 */
import { vi } from "vitest";

/** Worker variables that make it deliver through Resend (at the fake below) instead of the outbox. */
export const RESEND_ENV = { MAIL_PROVIDER: "resend", MAIL_API_KEY: "re_test_fake" } as const;

export type ResendRequest = { to: string; idempotencyKey: string | null };
type Reply = { status: number; retryAfter?: string; delayMs?: number };
export type ResendAnswer = Reply | "hang";

export function fakeResend(answer: (request: ResendRequest) => ResendAnswer = () => ({ status: 200 })) {
  const requests: ResendRequest[] = [];
  const released = { count: 0, status: 503 };
  const original = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    // Other calls (the database) go out untouched: making a Request of theirs would use up their body.
    const url = input instanceof Request ? input.url : String(input);
    if (new URL(url).host !== "api.resend.com") return original(input, init);
    const request = new Request(input, init);
    const body = (await request.json()) as { to: string[] };
    const recorded = { to: body.to[0]!, idempotencyKey: request.headers.get("Idempotency-Key") };
    requests.push(recorded);
    const reply = answer(recorded);
    if (reply === "hang") {
      // Waits in the Worker's own context (a promise settled from the test's would cross I/O contexts).
      const generation = released.count;
      while (released.count === generation) {
        if (init?.signal?.aborted) throw init.signal.reason;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const outcome: Reply = reply === "hang" ? { status: released.status } : reply;
    if (outcome.delayMs) await new Promise((resolve) => setTimeout(resolve, outcome.delayMs));
    const headers = new Headers({ "Content-Type": "application/json" });
    if (outcome.retryAfter) headers.set("Retry-After", outcome.retryAfter);
    const json =
      outcome.status < 300
        ? { id: crypto.randomUUID() }
        : { statusCode: outcome.status, name: outcome.status === 429 ? "rate_limit_exceeded" : "application_error", message: "fake" };
    return new Response(JSON.stringify(json), { status: outcome.status, headers });
  });
  return {
    requests,
    /** How many times the Worker asked Resend to send to `to`. */
    sentTo: (to: string) => requests.filter((request) => request.to === to).length,
    /** Ends every hanging request with this status (503: the provider was down all along). */
    release(status = 503) {
      released.status = status;
      released.count += 1;
    },
  };
}
