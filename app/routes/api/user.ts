import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/user";
import { loginSchema } from "~/accounts/login-schema";
import { attemptLogin } from "~/routes/login-attempt.server";
import { publicUser } from "~/accounts/public-user.server";
import { getServices } from "~/http/context.server";
import { schema } from "~/db/client.server";
import { apiError } from "~/http/api-errors.server";
import { getI18n } from "~/http/i18n.server";
import { supportedLanguages } from "~/i18n/languages";
import { isHoneypotFilled } from "~/security/honeypot";
import { assertSameOrigin } from "~/http/origin.server";
import { getUser, requireApiUser } from "~/http/guards.server";
import { localeCookie } from "~/http/cookies.server";
import { isDevelopment } from "~/env.server";
import { pushEndpointAllowed } from "~/notifications/push-endpoint";
import { storePushSubscription } from "~/notifications/push-subscriptions.server";
import { readInput } from "~/http/forms.server";

const languageSchema = z.object({ language: z.enum(supportedLanguages) });

/**
 * A login, a language or a push subscription is a few hundred bytes: anything over this is refused
 * before it is read whole (413).
 */
const MAX_BODY_BYTES = 4 * 1024;

/** A JSON object or a form's fields, read only up to MAX_BODY_BYTES; each branch checks its own. */
const requestFields = z.record(z.string(), z.unknown());

const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(2048),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});

/** GET /api/user.php — the signed-in member (`{ user: null }` when signed out). */
export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  const body = { user: user ? await publicUser(getServices(context).db, user) : null };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
}

/** POST logs in (JSON or form), POST ?push=1 stores a push subscription, PUT sets the language. */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const { db, env, now } = getServices(context);
  const t = getI18n(context).t;
  const body = await readInput(request, requestFields, { from: "values", maxBytes: MAX_BODY_BYTES });
  if (!body.success) {
    return body.tooLarge
      ? apiError(413, "too_large", t("messages.requestTooLarge"))
      : apiError(400, "invalid_request", t("messages.generic"));
  }
  const values = body.data;

  if (request.method === "PUT") {
    const user = requireApiUser(context);
    const parsed = languageSchema.safeParse(values);
    if (!parsed.success) return apiError(400, "invalid_language", t("language.invalid"));
    await db.update(schema.users).set({ language: parsed.data.language }).where(eq(schema.users.id, user.id));
    return data(
      { user: await publicUser(db, { ...user, language: parsed.data.language }) },
      { headers: { "Set-Cookie": localeCookie.set(request, parsed.data.language) } },
    );
  }

  if (request.method !== "POST") return apiError(405, "method_not_allowed", t("messages.generic"));

  if (new URL(request.url).searchParams.get("push") === "1") {
    const user = requireApiUser(context);
    const parsed = pushSubscriptionSchema.safeParse((values as { subscription?: unknown }).subscription ?? values);
    if (!parsed.success) return apiError(400, "invalid_subscription", t("messages.generic"));
    const { endpoint, keys } = parsed.data;
    if (!pushEndpointAllowed(endpoint, isDevelopment(env))) {
      return apiError(422, "unsupported_push_service", t("settings:push.unsupportedService"));
    }
    const outcome = await storePushSubscription(db, {
      userId: user.id,
      sessionId: user.sessionId,
      endpoint,
      p256dh: keys.p256dh,
      auth: keys.auth,
      now: now(),
    });
    // Another member's browser: theirs stays theirs, and whose it is stays unsaid.
    if (outcome === "taken") return apiError(409, "push_subscription_taken", t("settings:push.taken"));
    if (outcome === "limit_reached") return apiError(409, "too_many_push_subscriptions", t("messages.generic"));
    return data({ ok: true });
  }

  const submission = parseWithZod(toFormData(values), { schema: loginSchema });
  if (submission.status !== "success" || isHoneypotFilled(values)) {
    return apiError(400, "login_failed", t("messages.loginFailed"));
  }
  const attempt = await attemptLogin(context, request, submission.value);
  if (!attempt.ok) return apiError(attempt.status, attempt.status === 429 ? "account_locked" : "login_failed", attempt.message);
  const { account } = attempt;
  return data(
    {
      user: {
        id: attempt.userId,
        status: account.status,
        credits: account.credits,
        paid_user: account.paidUser,
        language: account.language,
      },
    },
    { headers: { "Set-Cookie": attempt.cookie } },
  );
}

function toFormData(values: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (typeof value === "string") form.set(key, value);
  return form;
}
