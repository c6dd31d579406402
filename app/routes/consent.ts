import { redirect, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/consent";
import { consentOf } from "~/acquisition/consent";
import { consentCookie } from "~/http/cookies.server";
import { readInput } from "~/http/forms.server";
import { assertSameOrigin } from "~/http/origin.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * POST /consent — the cookie banner's answer (ADR 031): `choice` accepted or refused, kept in the
 * `consent` cookie for a year; back to the page the banner was on. Anything else changes nothing.
 */
/** The banner's fields; a body that cannot be read is no answer. */
const bannerAnswer = z.object({ choice: z.unknown().optional(), returnTo: z.unknown().optional() });

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const input = await readInput(request, bannerAnswer, { from: "values" });
  const form = input.success ? input.data : {};
  const choice = consentOf(String(form.choice ?? ""));
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (choice) headers.append("Set-Cookie", consentCookie.set(request, choice));
  return redirect(safeRedirectPath(form.returnTo), { status: 303, headers });
}

export function loader() {
  return redirect(href("/"));
}
