import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useFetcher, useLocation, useNavigate, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { loader as signupLoader } from "~/routes/signup";
import type { AccountActionData } from "./AccountForm";
import { InviteOnly } from "./InviteOnly";

/** The account form (with zod and Conform) loads with the modal's first opening, after this module. */
const AccountForm = lazy(() => import("./AccountForm").then((module) => ({ default: module.AccountForm })));

/**
 * product.md §2 "Signup modal": large, without header or footer, holding the account form. It opens
 * on each of SignupModalOpener's `requests` (the first one loads this module). While signup is in
 * progress (something typed, or the form being sent) neither the backdrop nor Escape closes it;
 * it closes when the account exists (the visitor continues on /signup at step 2: "signupClosed")
 * or when the visitor goes to log in instead ("redirectedToLogin").
 */
export function SignupModal({ loggedIn, requests }: { loggedIn: boolean; requests: number }) {
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

  // Each new request (the opener only counts them while logged out) opens the modal.
  useEffect(() => {
    if (requests > 0) show();
  }, [requests, show]);

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
            <StepRedirect onReady={() => navigate(href("/signup"))} />
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
                  action={`${href("/signup")}${location.search}`}
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
    fetcher.load(href("/signup"));
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
