import { redirect } from "react-router";
import type { Route } from "./+types/entry-warning";
import { entryWarningCookie } from "~/components/entry-warning/rules";
import { getServices } from "~/context.server";
import { isDevelopment } from "~/env.server";
import { assertSameOrigin } from "~/security/origin.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

/**
 * Remembers that the visitor dismissed the adult-content warning (spec §2: it shows once).
 * Browsers with JavaScript set the same cookie themselves; this is the form's no-JS path.
 */
export async function action({ request, context }: Route.ActionArgs) {
  assertSameOrigin(request);
  const form = await request.formData().catch(() => new FormData());
  const secure = !isDevelopment(getServices(context).env);
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "Set-Cookie": entryWarningCookie(secure) } });
}

export function loader() {
  return redirect("/");
}
