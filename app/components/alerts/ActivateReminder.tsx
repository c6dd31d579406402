import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useMatches, useSearchParams } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { ResendActivation } from "~/components/signup/ResendActivation";
import { useRootData } from "~/root";
import { shouldShowActivateReminder, SMARTPHONE_QUERY } from "./activate-reminder";

/**
 * The reminder with a resend button: an alert under the navigation, or — on a smartphone that
 * arrives with `?api_signup_complete` (the app's signup hand-over) — a modal.
 */
export function ActivateReminder() {
  const { t } = useTranslation();
  const data = useRootData();
  const routeIds = useMatches().map((match) => match.id);
  const [searchParams] = useSearchParams();
  const wantsModal = searchParams.has("api_signup_complete");
  const [asModal, setAsModal] = useState(false);
  const [modalClosed, setModalClosed] = useState(false);
  const dialog = useModalDialog(asModal && !modalClosed);

  useEffect(() => {
    setAsModal(wantsModal && window.matchMedia(SMARTPHONE_QUERY).matches);
  }, [wantsModal]);

  if (!shouldShowActivateReminder(data?.account, routeIds)) return null;

  const content = (
    <>
      <p className="activate-reminder__title" id="activate-reminder-title">
        <strong>{t("signup:reminder.title")}</strong>
      </p>
      <p>{t("signup:reminder.text")}</p>
      <ResendActivation variant={asModal ? "button" : "link"} />
    </>
  );

  if (asModal) {
    if (modalClosed) return null;
    return (
      <dialog
        ref={dialog}
        className="activate-reminder-modal"
        aria-labelledby="activate-reminder-title"
        onClose={() => setModalClosed(true)}
      >
        <div className="activate-reminder-modal__body">
          {content}
          <form method="dialog">
            <button type="submit" className="btn btn-link">
              {t("signup:reminder.close")}
            </button>
          </form>
        </div>
      </dialog>
    );
  }
  return (
    <div className="container activate-reminder">
      <div className="alert alert-warning" role="status" aria-labelledby="activate-reminder-title">
        {content}
      </div>
    </div>
  );
}
