import { redirect, href } from "react-router";
import type { Route } from "./+types/entry-warning";
import { entryWarningDismissedCookie } from "~/http/cookies.server";
import { assertSameOrigin } from "~/http/origin.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * Remembers that the visitor dismissed the adult-content warning (product.md §2: it shows once).
 * Browsers with JavaScript set the same cookie themselves; this is the form's no-JS path.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "Set-Cookie": entryWarningDismissedCookie.set(request, "1") } });
}

export function loader() {
  return redirect(href("/"));
}
