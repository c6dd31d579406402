import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useLocation, useMatches, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { RootData } from "~/root";
import { entryWarningCookie, shouldShowEntryWarning, type LayoutKind } from "./rules";

/** Route modules opt out with `export const handle = { hideEntryWarning: true }`. */
function usePageOptsOut() {
  return useMatches().some((match) => (match.handle as { hideEntryWarning?: boolean } | undefined)?.hideEntryWarning);
}

/** The installed app (product.md §2: the warning never shows there); false on the server. */
function installedApp() {
  return typeof window !== "undefined" && window.matchMedia("(display-mode: standalone)").matches;
}

/**
 * The adult-content warning (product.md §2). Rendered on the server so it never flashes. Dismissing
 * it sets a cookie at once and hides it; without JavaScript the form posts to /entry-warning, which
 * does the same. On a visitor's page without React, ./entry-warning.inline.js makes it modal (ADR 032).
 */
export function EntryWarning({ data, layout, loggedIn }: { data: RootData; layout: LayoutKind; loggedIn: boolean }) {
  const { t } = useTranslation();
  const here = useLocation();
  const pageOptsOut = usePageOptsOut();
  const [dismissedHere, setDismissedHere] = useState(false);
  const show =
    !dismissedHere &&
    shouldShowEntryWarning({
      layout,
      loggedIn,
      dismissed: data.entryWarning.dismissed,
      enabled: data.entryWarning.enabled,
      country: data.country,
      configuredCountries: data.entryWarning.configuredCountries,
      pageOptsOut,
    });

  // The server renders the dialog open; in the browser it becomes modal (focus trapped, page inert),
  // except in installed-app mode where it never shows (only the effect reads this, so no mismatch).
  const dialog = useModalDialog(show && !installedApp());

  if (!show) return null;
  return (
    <dialog
      ref={dialog}
      className="entry-warning"
      aria-labelledby="entry-warning-title"
      aria-describedby="entry-warning-text"
      onCancel={(event) => event.preventDefault()}
      open
    >
      <div className="entry-warning__body">
        <p className="entry-warning__badge" aria-hidden="true">
          {data.site.minAge}+
        </p>
        <h2 id="entry-warning-title">{t("entryWarning.title")}</h2>
        <p id="entry-warning-text">{t("entryWarning.text", { siteName: data.site.name, minAge: data.site.minAge })}</p>
        <form
          method="post"
          action={href("/entry-warning")}
          onSubmit={(event) => {
            event.preventDefault();
            document.cookie = entryWarningCookie(location.protocol === "https:");
            dialog.current?.close();
            setDismissedHere(true);
          }}
        >
          <input type="hidden" name="redirectTo" value={here.pathname + here.search} />
          <div className="entry-warning__actions">
            <button type="submit" className="btn btn-primary btn-lg" data-autofocus>
              {t("entryWarning.enter", { minAge: data.site.minAge })}
            </button>
            <a className="btn btn-link" href="https://www.google.com/" rel="noreferrer">
              {t("entryWarning.leave")}
            </a>
          </div>
        </form>
      </div>
    </dialog>
  );
}
