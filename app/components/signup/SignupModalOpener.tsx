import { href } from "react-router";
import { lazy, Suspense, useEffect, useState } from "react";

/**
 * The signup modal (and, with it, the account form's zod and Conform) loads when a visitor first
 * asks for it: every page of the default and empty layouts has the modal, few visitors open it,
 * and members never do.
 */
const SignupModal = lazy(() => import("./SignupModal").then((module) => ({ default: module.SignupModal })));

const OPEN_EVENT = "signup-modal:open";

/** Opens the signup modal from anywhere (e.g. a "log in to chat" prompt); falls back to /signup. */
export function openSignupModal() {
  const handled = !window.dispatchEvent(new CustomEvent(OPEN_EVENT, { cancelable: true }));
  if (!handled) window.location.assign(href("/signup"));
}

/** A plain left click on a same-site link to exactly /signup, which the modal may take over. */
function signupLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download"))
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (
    url.origin !== window.location.origin ||
    url.pathname !== href("/signup") ||
    url.search ||
    window.location.pathname === href("/signup")
  )
    return null;
  return anchor;
}

/**
 * product.md §2 "Signup modal" on a hydrated page: with JavaScript it takes over every link to
 * /signup for logged-out visitors (a visitor's page without React has ./SignupDialog.tsx, ADR 032). Each request (a click on such a link, or `openSignupModal`) opens the modal, whose code
 * loads on the first one.
 */
export function SignupModalOpener({ loggedIn }: { loggedIn: boolean }) {
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (loggedIn) return;
    const onClick = (event: MouseEvent) => {
      if (!signupLinkOf(event)) return;
      event.preventDefault();
      setRequests((count) => count + 1);
    };
    const onOpenRequest = (event: Event) => {
      event.preventDefault();
      setRequests((count) => count + 1);
    };
    // Capture phase: before React Router's <Link> handles the click.
    document.addEventListener("click", onClick, true);
    window.addEventListener(OPEN_EVENT, onOpenRequest);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener(OPEN_EVENT, onOpenRequest);
    };
  }, [loggedIn]);
  if (requests === 0) return null;
  return (
    <Suspense>
      <SignupModal loggedIn={loggedIn} requests={requests} />
    </Suspense>
  );
}
