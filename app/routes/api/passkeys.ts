import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/passkeys";
import {
  authenticationOptions,
  MAX_PASSKEY_NAME_LENGTH,
  registrationOptions,
  removePasskey,
  verifyAuthentication,
  verifyRegistration,
} from "~/accounts/passkeys.server";
import { endSession } from "~/accounts/session-end.server";
import { reauthenticateWithPasskey, recentlyAuthenticated } from "~/accounts/reauthentication.server";
import { getServices, getSite } from "~/http/context.server";
import { apiError, NO_STORE } from "~/http/api-errors.server";
import { getI18n } from "~/http/i18n.server";
import { assertSameOrigin } from "~/http/origin.server";
import { clientIp, withinLimits } from "~/security/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { requireApiUser } from "~/http/guards.server";
import { requestSessionId, startSession } from "~/http/sessions.server";

/** A WebAuthn body is a few kilobytes; anything far larger is refused unread. */
const MAX_BODY_BYTES = 64 * 1024;
const LOGIN_OPTIONS_PER_IP = { limit: 30, windowSeconds: 10 * 60 };
const REGISTER_OPTIONS_PER_MEMBER = { limit: 20, windowSeconds: 60 * 60 };

const stepSchema = z.enum(["register-options", "register", "login-options", "login", "reauthenticate", "remove"]);
const base64url = z
  .string()
  .min(1)
  .max(32_000)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/);
const credentialId = base64url.max(1_400);
const challengeId = z.string().min(1).max(128);

/** A WebAuthn credential as the browser sends it (the JSON of @simplewebauthn/browser), around its ceremony's response. */
const credential = <Response extends z.ZodRawShape>(response: Response) =>
  z.looseObject({
    id: credentialId,
    rawId: credentialId,
    type: z.literal("public-key"),
    response: z.looseObject({ clientDataJSON: base64url, ...response }),
    clientExtensionResults: z.looseObject({}).default({}),
    authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  });

const registerSchema = z.object({
  challengeId,
  name: z.string().trim().max(MAX_PASSKEY_NAME_LENGTH).nullish(),
  response: credential({ attestationObject: base64url, transports: z.array(z.string().max(32)).max(10).optional() }),
});

const loginSchema = z.object({
  challengeId,
  redirectTo: z.string().max(2048).nullish(),
  response: credential({ authenticatorData: base64url, signature: base64url, userHandle: base64url.max(1_400).nullish() }),
});

const reauthenticateSchema = loginSchema.omit({ redirectTo: true });

const removeSchema = z.object({ id: credentialId });

async function readJson(request: Request): Promise<unknown> {
  if (!(request.headers.get("Content-Type") ?? "").includes("application/json")) return undefined;
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES) return undefined;
  try {
    const text = await request.text();
    return text.length > MAX_BODY_BYTES ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The refusals of the ceremonies: their codes and the keys of their messages in `auth:passkeys`. */
const refusals = {
  invalid_request: "invalidRequest",
  too_many: "tooMany",
  already_registered: "alreadyRegistered",
  expired: "expired",
  register_failed: "registerFailed",
  login_failed: "loginFailed",
  not_found: "notFound",
  reauthentication_required: "reauthenticationRequired",
  reauthentication_failed: "reauthenticationFailed",
} as const;

export function loader({ context }: Route.LoaderArgs) {
  return apiError(405, "invalid_request", getI18n(context).t("auth:passkeys.invalidRequest"), { Allow: "POST" });
}

/** POST /api/passkeys/:step — the WebAuthn ceremonies (ADR 009) and removing a passkey. */
export async function action({ request, context, params }: Route.ActionArgs) {
  assertSameOrigin(request);
  const t = getI18n(context).t;
  const fail = (code: keyof typeof refusals, status: number) => apiError(status, code, t(`auth:passkeys.${refusals[code]}`));
  if (request.method !== "POST") return fail("invalid_request", 405);
  const step = stepSchema.safeParse(params.step);
  if (!step.success) return fail("invalid_request", 404);
  const { db, env, ctx, now } = getServices(context);
  const site = getSite(context);
  const body = await readJson(request);

  switch (step.data) {
    case "register-options": {
      const user = requireApiUser(context);
      // Adding a way into the account asks for a recent sign-in or re-authentication (ADR 039); the
      // challenge then lives 5 minutes, which bounds the ceremony that follows.
      if (!recentlyAuthenticated(user, now())) return fail("reauthentication_required", 403);
      const result = await registrationOptions(db, {
        user: { id: user.id, email: user.email, displayName: user.profile?.name ?? user.email },
        siteName: site.name,
        request,
        now: now(),
        limit: { key: `passkey-register:user:${user.id}`, ...REGISTER_OPTIONS_PER_MEMBER },
      });
      if (!result) return fail("too_many", 429);
      return data(result, { headers: NO_STORE });
    }
    case "register": {
      const user = requireApiUser(context);
      const parsed = registerSchema.safeParse(body);
      if (!parsed.success) return fail("invalid_request", 400);
      const outcome = await verifyRegistration(db, {
        userId: user.id,
        challengeId: parsed.data.challengeId,
        response: parsed.data.response as unknown as RegistrationResponseJSON,
        name: parsed.data.name ?? null,
        defaultName: (number) => t("auth:passkeys.defaultName", { number }),
        request,
        now: now(),
      });
      if (!outcome.ok) {
        if (outcome.reason === "already_registered") return fail("already_registered", 409);
        return fail(outcome.reason === "expired" ? "expired" : "register_failed", 400);
      }
      return data({ passkey: outcome.passkey }, { headers: NO_STORE });
    }
    case "login-options": {
      const limit = { key: `passkey-login:ip:${clientIp(request)}`, ...LOGIN_OPTIONS_PER_IP };
      if (!(await withinLimits(db, [limit], now()))) return fail("too_many", 429);
      return data(await authenticationOptions(db, { request, now: now() }), { headers: NO_STORE });
    }
    case "login": {
      const parsed = loginSchema.safeParse(body);
      if (!parsed.success) return fail("invalid_request", 400);
      const outcome = await verifyAuthentication(db, {
        siteId: site.id,
        challengeId: parsed.data.challengeId,
        response: parsed.data.response as unknown as AuthenticationResponseJSON,
        request,
        now: now(),
        graceDays: site.settings.deletionGraceDays,
      });
      if (!outcome.ok) return fail(outcome.reason === "expired" ? "expired" : "login_failed", outcome.reason === "expired" ? 400 : 401);
      const previous = requestSessionId(request);
      // The browser's previous session (maybe another account's) ends, and its sockets close.
      if (previous) await endSession({ db, env, ctx }, previous);
      const cookie = await startSession(db, outcome.userId, request, now(), { passkey: true });
      return data({ ok: true, redirectTo: safeRedirectPath(parsed.data.redirectTo) }, { headers: { ...NO_STORE, "Set-Cookie": cookie } });
    }
    case "reauthenticate": {
      // The member confirms it is them with one of their own passkeys (options from login-options).
      const user = requireApiUser(context);
      const parsed = reauthenticateSchema.safeParse(body);
      if (!parsed.success) return fail("invalid_request", 400);
      const outcome = await reauthenticateWithPasskey(db, {
        member: user,
        challengeId: parsed.data.challengeId,
        response: parsed.data.response as unknown as AuthenticationResponseJSON,
        request,
        now: now(),
      });
      if (!outcome.ok) return outcome.reason === "expired" ? fail("expired", 400) : fail("reauthentication_failed", 401);
      return data({ ok: true }, { headers: NO_STORE });
    }
    case "remove": {
      const user = requireApiUser(context);
      const parsed = removeSchema.safeParse(body);
      if (!parsed.success) return fail("invalid_request", 400);
      if (!(await removePasskey(db, user.id, parsed.data.id))) return fail("not_found", 404);
      return data({ ok: true }, { headers: NO_STORE });
    }
  }
}
