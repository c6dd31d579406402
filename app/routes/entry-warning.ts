import { redirect, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/entry-warning";
import { entryWarningDismissedCookie } from "~/http/cookies.server";
import { readInput } from "~/http/forms.server";
import { assertSameOrigin } from "~/http/origin.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * Remembers that the visitor dismissed the adult-content warning (product.md §2: it shows once).
 * Browsers with JavaScript set the same cookie themselves; this is the form's no-JS path.
 */
/** Where to go back to; a body that cannot be read goes home. */
const dismissal = z.object({ redirectTo: z.unknown().optional() });

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const input = await readInput(request, dismissal, { from: "values" });
  return redirect(safeRedirectPath(input.success ? input.data.redirectTo : null), {
    headers: { "Set-Cookie": entryWarningDismissedCookie.set(request, "1") },
  });
}

export function loader() {
  return redirect(href("/"));
}
