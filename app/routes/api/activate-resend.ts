import { data, redirect, href } from "react-router";
import type { Route } from "./+types/activate-resend";
import { resendActivation, type ResendOutcome } from "~/accounts/activation.server";
import { resendSchema } from "~/accounts/signup-schema";
import { getServices, getSite } from "~/http/context.server";
import { isHoneypotFilled } from "~/security/honeypot";
import { assertSameOrigin } from "~/http/origin.server";
import { clientIp } from "~/security/rate-limit.server";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { readInput } from "~/http/forms.server";
import { getUser } from "~/http/guards.server";

/** Nothing to show: the form lives on /activate/error, the signup completion and the reminder. */
export function loader() {
  return redirect(href("/activate/error"));
}

/**
 * POST /activate/resend — a new activation mail (3 per address an hour). JavaScript callers get
 * `{ status }`; a plain form post (no JavaScript) goes back to `redirectTo` with `?resent=<status>`.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const formData = await readInput(request);
  const parsed = resendSchema.safeParse({
    email: String(formData.get("email") ?? "").trim() || undefined,
    redirectTo: formData.get("redirectTo") ?? undefined,
  });
  const { db, env, ctx, now } = getServices(context);
  let status: ResendOutcome;
  if (!parsed.success) status = "invalid";
  // A bot that filled the honeypot hears the usual answer and gets nothing sent.
  else if (isHoneypotFilled(formData)) status = "sent";
  else {
    status = await resendActivation({ db, env, ctx, site: getSite(context), now: now() }, request, {
      user: getUser(context),
      email: parsed.data.email,
      ip: clientIp(request),
    });
  }

  if (request.headers.get("Sec-Fetch-Mode") === "navigate") {
    const back = new URL(safeRedirectPath(parsed.data?.redirectTo, href("/activate/error")), request.url);
    back.searchParams.set("resent", status);
    return redirect(back.pathname + back.search);
  }
  return data({ status }, { status: status === "limited" ? 429 : status === "invalid" ? 400 : 200 });
}
