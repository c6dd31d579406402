import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation, useNavigate } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { loader as signupLoader } from "~/routes/signup";
import type { AccountActionData } from "./AccountForm";
import { InviteOnly } from "./InviteOnly";

/**
 * The account form (with zod and Conform) loads when the modal first opens: every page has the
 * modal, few visitors open it, and members never do.
 */
const AccountForm = lazy(() => import("./AccountForm").then((module) => ({ default: module.AccountForm })));

/**
 * The signup photo step's uploader (the one of /profile), loaded when that step shows. It lives
 * here, beside the modal's lazy form, because a second module with a dynamic import splits Vite's
 * preload helper into a chunk of its own, and every page would load one file more.
 */
export const LazyPhotoManager = lazy(() => import("~/components/photos/PhotoManager").then((module) => ({ default: module.PhotoManager })));

const OPEN_EVENT = "signup-modal:open";

/** Opens the signup modal from anywhere (e.g. a "log in to chat" prompt); falls back to /signup. */
export function openSignupModal() {
  const handled = !window.dispatchEvent(new CustomEvent(OPEN_EVENT, { cancelable: true }));
  if (!handled) window.location.assign("/signup");
}

/** A plain left click on a same-site link to exactly /signup, which the modal may take over. */
function signupLinkOf(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
  if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download"))
    return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin || url.pathname !== "/signup" || url.search || window.location.pathname === "/signup")
    return null;
  return anchor;
}

/**
 * product.md §2 "Signup modal": large, without header or footer, holding the account form. With
 * JavaScript it takes over every link to /signup for logged-out visitors. While signup is in
 * progress (something typed, or the form being sent) neither the backdrop nor Escape closes it;
 * it closes when the account exists (the visitor continues on /signup at step 2: "signupClosed")
 * or when the visitor goes to log in instead ("redirectedToLogin").
 */
export function SignupModal({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The hook follows `open`; who may dismiss it (not Escape or the backdrop while in progress) is handled below.
  const dialog = useModalDialog(open);
  const [dirty, setDirty] = useState(false);
  const [data, setData] = useState<SignupPageData | null>(null);
  const submission = useFetcher<AccountActionData>();
  const location = useLocation();
  const navigate = useNavigate();
  const inProgress = dirty || submission.state !== "idle";
  const inProgressRef = useRef(inProgress);
  inProgressRef.current = inProgress;
  /** Whether the modal should be open: the dialog's own state can change behind React's back. */
  const wanted = useRef(false);

  const show = useCallback(() => {
    wanted.current = true;
    setOpen(true);
  }, []);

  const close = useCallback(() => {
    wanted.current = false;
    setOpen(false); // the hook closes the dialog
    setDirty(false);
  }, []);

  useEffect(() => {
    if (loggedIn) return;
    const onClick = (event: MouseEvent) => {
      if (!signupLinkOf(event)) return;
      event.preventDefault();
      show();
    };
    const onOpenRequest = (event: Event) => {
      event.preventDefault();
      show();
    };
    // Capture phase: before React Router's <Link> handles the click.
    document.addEventListener("click", onClick, true);
    window.addEventListener(OPEN_EVENT, onOpenRequest);
    return () => {
      document.removeEventListener("click", onClick, true);
      window.removeEventListener(OPEN_EVENT, onOpenRequest);
    };
  }, [loggedIn, show]);

  // The account exists (the action signed the visitor in and moved on to /signup): done here.
  useEffect(() => {
    if (open && loggedIn) close();
  }, [open, loggedIn, close]);

  // The page behind changed (e.g. the visitor followed a link in this tab): start afresh next time.
  const lastPage = useRef(location.key);
  useEffect(() => {
    if (lastPage.current === location.key) return;
    lastPage.current = location.key;
    if (wanted.current && !inProgressRef.current) close();
  }, [location.key, close]);

  const loginInstead = () => close();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; keyboards have Escape (the dialog's own cancel) and its close button
    <dialog
      ref={dialog}
      className="signup-modal"
      aria-label={t("signup:title")}
      onCancel={(event) => {
        event.preventDefault();
        if (!inProgressRef.current) close();
      }}
      onClose={() => {
        if (!wanted.current) return;
        // Browsers may close a modal on a repeated Escape despite the cancel handler: reopen it.
        if (inProgressRef.current) dialog.current?.showModal();
        else close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current && !inProgressRef.current) close();
      }}
    >
      {open && !data && <FormSettingsLoader onLoaded={setData} />}
      {open && (
        <div className="signup-modal__body">
          <button type="button" className="signup-modal__close" onClick={close} aria-label={t("signup:modal.close")}>
            ×
          </button>
          {!data ? (
            <Loading />
          ) : data.kind !== "account" ? (
            <StepRedirect onReady={() => navigate("/signup")} />
          ) : data.gate !== "open" ? (
            <InviteOnly onLoginInstead={loginInstead} />
          ) : (
            <>
              <h2>{t("signup:account.title")}</h2>
              <p className="lead">{t("signup:modal.intro")}</p>
              <Suspense fallback={<Loading />}>
                <AccountForm
                  id="signup-modal-account"
                  as={submission.Form}
                  // The landing's query (network, ref, sub1–3) travels along to the signup.
                  action={`/signup${location.search}`}
                  config={data.config}
                  actionData={submission.data}
                  pending={submission.state !== "idle"}
                  onInput={() => setDirty(true)}
                  onLoginInstead={loginInstead}
                />
              </Suspense>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}

function Loading() {
  const { t } = useTranslation();
  return (
    <p className="signup-modal__loading" role="status">
      {t("signup:modal.loading")}
    </p>
  );
}

type SignupPageData = NonNullable<ReturnType<typeof useFetcher<typeof signupLoader>>["data"]>;

/**
 * Loads the account form's settings (the /signup loader) once. It unmounts as soon as they are
 * here: a mounted fetcher would be revalidated after the signup itself and, now signed in, be
 * redirected — a navigation that would overtake the one to step 2.
 */
function FormSettingsLoader({ onLoaded }: { onLoaded: (data: SignupPageData) => void }) {
  const fetcher = useFetcher<typeof signupLoader>();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetcher.load("/signup");
  }, [fetcher]);
  useEffect(() => {
    if (fetcher.data) onLoaded(fetcher.data);
  }, [fetcher.data, onLoaded]);
  return null;
}

/** A member who signed in elsewhere meanwhile: the signup page knows their next step. */
function StepRedirect({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}
