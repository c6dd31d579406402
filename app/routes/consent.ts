import { redirect, href } from "react-router";
import type { Route } from "./+types/consent";
import { consentOf } from "~/acquisition/consent";
import { consentCookie } from "~/http/cookies.server";
import { assertSameOrigin } from "~/http/origin.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * POST /consent — the cookie banner's answer (ADR 031): `choice` accepted or refused, kept in the
 * `consent` cookie for a year; back to the page the banner was on. Anything else changes nothing.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const choice = consentOf(String(form.get("choice") ?? ""));
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (choice) headers.append("Set-Cookie", consentCookie.set(request, choice));
  return redirect(safeRedirectPath(form.get("returnTo")), { status: 303, headers });
}

export function loader() {
  return redirect(href("/"));
}
