import { useTranslation } from "~/i18n/translation";
import { useFetcher, useLocation, useSearchParams, href } from "react-router";
import type { ResendOutcome } from "~/accounts/activation.server";
import { HoneypotField } from "~/security/honeypot";

export type ResendResponse = { status: ResendOutcome };

const outcomes: readonly ResendOutcome[] = ["sent", "limited", "confirmed", "invalid"];

/**
 * "Send the mail again": posts to /activate/resend. With JavaScript the answer shows in place;
 * without it the resource route sends the browser back here with `?resent=<outcome>`.
 * `askEmail` adds an address field for visitors who are not signed in.
 */
export function ResendActivation({ askEmail = false, variant = "button" }: { askEmail?: boolean; variant?: "button" | "link" }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<ResendResponse>();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const fromRedirect = searchParams.get("resent");
  const status = fetcher.data?.status ?? outcomes.find((outcome) => outcome === fromRedirect) ?? null;
  const query = new URLSearchParams(location.search);
  query.delete("resent");
  const returnTo = location.pathname + (query.size > 0 ? `?${query}` : "");

  return (
    <fetcher.Form method="post" action={href("/activate/resend")} className="resend-activation">
      <input type="hidden" name="redirectTo" value={returnTo} />
      <HoneypotField />
      {askEmail && (
        <div className="form-field">
          <label htmlFor="resend-email">{t("signup:resend.email")}</label>
          <input id="resend-email" type="email" name="email" required autoComplete="email" maxLength={254} />
        </div>
      )}
      <button type="submit" className={variant === "link" ? "btn btn-link btn-sm" : "btn btn-primary"} disabled={fetcher.state !== "idle"}>
        {fetcher.state !== "idle" ? t("signup:resend.sending") : t("signup:resend.button")}
      </button>
      <p className="resend-activation__status" role="status" aria-live="polite">
        {status ? t(`signup:resend.${status}`) : null}
      </p>
    </fetcher.Form>
  );
}
