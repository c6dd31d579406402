import { useLocation, useMatches, href } from "react-router";
import { serverOnly$ } from "vite-env-only/macros";
import { renderedWithScripts } from "~/browser/page-scripts";
import { SignupDialog as ServerSignupDialog, type SignupDialogData } from "./SignupDialog";
import { SignupModalOpener } from "./SignupModalOpener";

/**
 * Rendered on the server only: it is only ever on pages that never hydrate, and the account form
 * (zod, Conform) would otherwise weigh on every page of the layouts (ADR 032).
 */
const SignupDialog = serverOnly$(ServerSignupDialog);

/**
 * product.md §2 "Signup modal" of the default and empty layouts: on a visitor's page without React,
 * the server-rendered dialog (`dialog`: its settings, from the layout's loader; not on /signup
 * itself, which is the same form); on a hydrated page (and so after any client-side navigation),
 * the opener that loads the modal.
 */
export function LayoutSignupModal({ loggedIn, dialog }: { loggedIn: boolean; dialog: SignupDialogData | null | undefined }) {
  const scripts = renderedWithScripts(useMatches(), loggedIn);
  const onSignup = useLocation().pathname === href("/signup");
  if (scripts) return <SignupModalOpener loggedIn={loggedIn} />;
  return SignupDialog && dialog && !onSignup ? <SignupDialog data={dialog} /> : null;
}
