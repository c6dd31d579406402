import type { Route } from "./+types/mail-webhook";
import { apiError, onlyGet } from "~/http/api-errors.server";
import { getServices } from "~/http/context.server";
import { applyMailEvent, isSignedByProvider, mailEventSchema } from "~/mail/mail-events.server";

/** Resend's events are small; anything larger is not one of them. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * POST /api/mail-webhook.php: the mail provider (Resend) reports bounces and spam complaints
 * (docs/decisions/008-mail-provider.md). It is a call from the provider's servers, not a browser,
 * so the check is its signature over the raw body, not an origin. Without a configured secret the
 * endpoint does not exist.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, now } = getServices(context);
  if (!env.MAIL_WEBHOOK_SECRET) return apiError(404, "not_found", "No mail webhook is configured.");
  if (request.method !== "POST") return apiError(405, "method_not_allowed", "Use POST.", { Allow: "POST" });
  const body = await request.text().catch(() => "");
  if (body.length > MAX_BODY_BYTES) return apiError(413, "too_large", "The event is too large.");
  const signed = await isSignedByProvider(
    env.MAIL_WEBHOOK_SECRET,
    {
      id: request.headers.get("svix-id"),
      timestamp: request.headers.get("svix-timestamp"),
      signature: request.headers.get("svix-signature"),
      body,
    },
    now(),
  );
  if (!signed) return apiError(401, "invalid_signature", "The signature does not match.");
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return apiError(400, "invalid_request", "The body is not JSON.");
  }
  const event = mailEventSchema.safeParse(json);
  if (!event.success) return apiError(400, "invalid_request", "Not a mail event.");
  return { disabled: await applyMailEvent(db, event.data) };
}

export const loader = onlyGet;
