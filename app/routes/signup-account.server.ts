/**
 * Signup step 1, the account form (product.md §2, §4, §5), as /signup and a member's signup page
 * (/members/{id}/signup) take it: the gate, the schema, the honeypot, the account with the
 * visitor's tracking record, and on success a session and the landing visit tied to the account
 * (product.md §10 "Acquisition"); `next` is where the new member goes on,
 * `signedIn` where someone already signed in is sent.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { signupAccountSchema } from "~/accounts/signup-schema";
import { accountFormConfig, createAccount, signupGate } from "~/accounts/signup.server";
import type { AccountActionData } from "~/components/signup/AccountForm";
import { attributeSignup } from "~/http/acquisition.server";
import { getServices, getSite } from "~/http/context.server";
import { authCookie, trackingCookie, trackingOf } from "~/http/cookies.server";
import { getUser } from "~/http/guards.server";
import { getLocale } from "~/http/i18n.server";
import { isHoneypotFilled } from "~/security/honeypot";
import { clientIp } from "~/security/rate-limit.server";

/** What the account form shows a visitor (on /signup and in the signup modal): whether signup is open to them, and the form's settings. */
export function accountFormView(request: Request, context: Readonly<RouterContextProvider>) {
  const site = getSite(context);
  const { country, now } = getServices(context);
  return { gate: signupGate(site.settings, trackingOf(request)), config: accountFormConfig(site, country, now()) };
}

/** The signup modal's contents for a visitor's page (null for a signed-in member). */
export function signupDialogData(request: Request, context: Readonly<RouterContextProvider>) {
  return getUser(context) ? null : accountFormView(request, context);
}

export async function signUpWithAccountForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  formData: FormData,
  { next, signedIn }: { next: string; signedIn: string },
) {
  if (getUser(context)) throw redirect(signedIn);
  const site = getSite(context);
  const { db, env, ctx, now } = getServices(context);
  const schema = signupAccountSchema({ minAge: site.settings.minAge, countries: site.settings.countries, today: now() });
  const submission = parseWithZod(formData, { schema });
  const hideFields = ["password"];
  const refuse = (body: AccountActionData, status: number) => data(body, { status });

  const tracking = trackingOf(request);
  // product.md §4: invite-only (or no traffic source where one is required) refuses here too, not only in the page.
  if (signupGate(site.settings, tracking) !== "open") {
    return refuse({ result: submission.reply({ formErrors: ["signup:gate.closed"], hideFields }) }, 403);
  }
  if (submission.status !== "success") return refuse({ result: submission.reply({ hideFields }) }, 400);
  if (isHoneypotFilled(formData)) return refuse({ result: submission.reply({ formErrors: ["messages.generic"], hideFields }) }, 400);

  const outcome = await createAccount({ db, env, site, now: now(), ctx }, request, {
    ...submission.value,
    locale: getLocale(context),
    tracking,
    ip: clientIp(request),
  });
  if (!outcome.ok && outcome.reason === "disposable_email") {
    return refuse({ result: submission.reply({ fieldErrors: { email: ["signup:errors.disposableEmail"] }, hideFields }) }, 400);
  }
  if (!outcome.ok && outcome.reason === "rate_limited") {
    return refuse({ result: submission.reply({ formErrors: ["signup:errors.tooMany"], hideFields }) }, 429);
  }
  if (!outcome.ok) {
    return refuse(
      { result: submission.reply({ fieldErrors: { email: ["messages.emailTaken"] }, hideFields }), existing: outcome.existing },
      409,
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", authCookie.set(request, outcome.sessionToken));
  if (tracking) headers.append("Set-Cookie", trackingCookie.clear(request));
  await attributeSignup(context, request, outcome.userId, headers);
  return redirect(next, { headers });
}
