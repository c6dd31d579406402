import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

/** What the POST answered: done (`ok`) or refused, with the message to show. */
export type TokenConfirmOutcome = { ok: boolean; message: string };

/**
 * The page behind a mailed link ("confirm a mailed token": account recovery, e-mail change,
 * unsubscribe). GET only asks — mail scanners follow links and must not use the token up — with
 * one button whose POST does the work; the page then shows the outcome.
 *
 * - `outcome`: null while asking (the link is valid), else the POST's answer or, for a link that is
 *   no longer valid, `{ ok: false, message }` straight from the loader.
 * - `token`: sent as a hidden field; leave it out when the action reads the token from the URL.
 * - `afterSuccess` / `afterFailure`: what follows the outcome (a next step); `footer`: always shown.
 */
export function TokenConfirmPage({
  title,
  className = "container narrow section auth-page",
  outcome,
  question,
  confirmLabel,
  token,
  afterSuccess,
  afterFailure,
  footer,
}: {
  title: string;
  className?: string;
  outcome: TokenConfirmOutcome | null;
  question: ReactNode;
  confirmLabel: string;
  token?: string;
  afterSuccess?: ReactNode;
  afterFailure?: ReactNode;
  footer?: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <main id="main" className={className}>
      <h1>{title}</h1>
      {outcome ? (
        <>
          <div className={`alert ${outcome.ok ? "alert-success" : "alert-danger"}`} role={outcome.ok ? "status" : "alert"}>
            <p>{outcome.message}</p>
          </div>
          {outcome.ok ? afterSuccess : afterFailure}
        </>
      ) : (
        <Form method="post" className="form-stack">
          <p>{question}</p>
          {token !== undefined && <input type="hidden" name="token" value={token} />}
          <p>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {confirmLabel}
            </button>
          </p>
        </Form>
      )}
      {footer}
    </main>
  );
}
