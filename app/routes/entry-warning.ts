import { redirect } from "react-router";
import type { Route } from "./+types/entry-warning";
import { ENTRY_WARNING_COOKIE } from "~/components/entry-warning/rules";
import { getServices } from "~/context.server";
import { isDevelopment } from "~/env.server";
import { safeRedirectPath } from "~/utils/safe-redirect";

const ONE_YEAR = 365 * 24 * 60 * 60;

/** Remembers that the visitor dismissed the adult-content warning (spec §2: it shows once). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => new FormData());
  const secure = !isDevelopment(getServices(context).env);
  const cookie = `${ENTRY_WARNING_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax${secure ? "; Secure" : ""}`;
  return redirect(safeRedirectPath(form.get("redirectTo")), { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
