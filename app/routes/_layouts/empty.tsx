import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/empty";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import type { ScriptsHandle } from "~/browser/page-scripts";
import { LayoutSignupModal } from "~/components/signup/LayoutSignupModal";
import { signupDialogData } from "~/routes/signup-account.server";
import { shouldRevalidate as rootShouldRevalidate, useRootData } from "~/root";

/** A visitor's page without React (ADR 032) makes the entry warning modal and opens the signup modal with small inline scripts. */
export const handle = { inlineScripts: ["entry-warning", "signup-dialog"] } satisfies ScriptsHandle;

/** The signup modal's form settings, for visitors. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { signupDialog: signupDialogData(request, context) };
}

/** Like the root's: whether one is signed in changes through a form, not on navigation. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return rootShouldRevalidate(args);
}

/** product.md §2 empty layout: content, the entry warning for NL and DE, and the signup modal. */
export default function EmptyLayout() {
  const data = useRootData();
  const layout = useRouteLoaderData<typeof loader>("routes/_layouts/empty");
  return (
    <div className="layout layout--empty">
      <main id="main" className="layout__content">
        <Outlet />
      </main>
      {data && <EntryWarning data={data} layout="empty" loggedIn={data.user !== null} />}
      {data && <LayoutSignupModal loggedIn={data.user !== null} dialog={layout?.signupDialog} />}
    </div>
  );
}
