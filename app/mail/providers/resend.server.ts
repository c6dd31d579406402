/**
 * Resend (https://resend.com/docs/api-reference/emails/send-email): one JSON POST over fetch, so it
 * works from a Worker without SMTP or Node APIs (ADR 008).
 */
import { retryAfterSeconds } from "~/utils/retry";
import { MailDeliveryError, type MailMessage, type MailProvider } from "./provider.server";

export const RESEND_ENDPOINT = "https://api.resend.com/emails";
const TIMEOUT_MS = 10_000;

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

export type ResendOptions = {
  apiKey: string;
  /** A test passes a fake; the default calls the global fetch (never detached: workerd needs its `this`). */
  fetch?: Fetch;
};

/** Resend tags allow ASCII letters, digits, underscores and dashes only. */
const tagValue = (value: string) => value.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 256);

function requestBody(message: MailMessage) {
  return {
    from: message.from,
    to: [message.to],
    subject: message.subject,
    text: message.text,
    html: message.html,
    ...(Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    tags: Object.entries(message.tags).map(([name, value]) => ({ name: tagValue(name), value: tagValue(value) })),
  };
}

/**
 * Whether Resend refused this mail for good (https://resend.com/docs/api-reference/errors): a 4xx
 * about the mail itself (400 validation, 422 invalid address …). Not 429 (rate limit or quota),
 * 408, 409 (the same idempotency key still in flight), nor 401/403: a missing or wrong API key or
 * an unverified domain is the operator's to fix, and every mail waiting meanwhile goes out once it
 * is (retried for a day, like a server error or a timeout).
 */
export const isPermanentStatus = (status: number) => status >= 400 && status < 500 && ![401, 403, 408, 409, 429].includes(status);

/** Resend answers errors as `{ statusCode, name, message }`. */
async function errorOf(response: Response): Promise<MailDeliveryError> {
  const body = await response.text().catch(() => "");
  let detail = body.slice(0, 300);
  try {
    const parsed = JSON.parse(body) as { name?: unknown; message?: unknown };
    if (typeof parsed.message === "string") detail = typeof parsed.name === "string" ? `${parsed.name}: ${parsed.message}` : parsed.message;
  } catch {
    // not JSON: keep the start of the body
  }
  return new MailDeliveryError(`Resend answered ${response.status}${detail ? `: ${detail}` : ""}`, response.status, {
    permanent: isPermanentStatus(response.status),
    retryAfterSeconds: retryAfterSeconds(response.headers.get("Retry-After"), new Date()),
  });
}

export function resendProvider({ apiKey, fetch: send = (input, init) => fetch(input, init) }: ResendOptions): MailProvider {
  return {
    name: "resend",
    async send(message) {
      let response: Response;
      try {
        response = await send(RESEND_ENDPOINT, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${apiKey}`,
            "Content-Type": "application/json",
            // Resend rejects requests without a User-Agent (403).
            "User-Agent": "dating-edge-mail/1.0",
            "Idempotency-Key": message.idempotencyKey,
          },
          body: JSON.stringify(requestBody(message)),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
      } catch (error) {
        // A network error, or no answer within TIMEOUT_MS: retried later.
        throw new MailDeliveryError(`Resend could not be reached: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!response.ok) throw await errorOf(response);
      const body = (await response.json().catch(() => null)) as { id?: unknown } | null;
      if (typeof body?.id !== "string" || body.id === "")
        throw new MailDeliveryError("Resend accepted the mail but returned no id", response.status);
      return { id: body.id };
    },
  };
}
