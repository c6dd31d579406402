import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import { useDismissal } from "~/components/alerts/use-dismissal";
import { useInMembersArea } from "~/components/layout/members-area";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import { useRootData } from "~/root";
import { formatCountdown, useCountdown } from "./countdown";

/** product.md §3: the dismissal time (unix seconds) is stored under this key. */
export const DISMISS_KEY = "hide-time-bonus-modal";
/** product.md §9: the modal opens 40 seconds after the member enters the members area. */
export const TIME_BONUS_MODAL_DELAY_MS = 40_000;

/**
 * product.md §2 "time-bonus modal": a member with 0 credits whose welcome time bonus runs is told,
 * 40 s into the members area, to act fast. Closed once, it stays closed.
 */
export function TimeBonusModal() {
  const { t } = useTranslation();
  const data = useRootData();
  const bonus = data?.timeBonus ?? null;
  const eligible = Boolean(bonus) && data?.account?.credits === 0;
  const inMembersArea = useInMembersArea();
  const { dismissed, dismiss } = useDismissal(DISMISS_KEY);
  const [due, setDue] = useState(false);
  const left = useCountdown(due ? (bonus?.expiresAt ?? null) : null);

  useEffect(() => {
    if (!eligible || !inMembersArea || dismissed) return;
    const timer = setTimeout(() => setDue(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [eligible, inMembersArea, dismissed]);

  const open = due && eligible && !dismissed && Boolean(left);
  const dialog = useModalDialog(open);
  if (!bonus || !eligible) return null;
  return (
    <dialog ref={dialog} className="block-modal time-bonus-modal" aria-labelledby="time-bonus-title" onClose={dismiss}>
      <div className="block-modal__body">
        <h2 id="time-bonus-title">{t("bonus:modal.title", { percent: bonus.percent })}</h2>
        <p>{t("bonus:modal.text", { percent: bonus.percent })}</p>
        <p className="time-bonus-modal__time">
          {t("bonus:modal.timeLeft")} <time>{formatCountdown(left ?? 0)}</time>
        </p>
        <div className="block-modal__actions">
          <button type="button" className="btn btn-outline" onClick={dismiss}>
            {t("bonus:modal.later")}
          </button>
          <Link to={href("/credits")} className="btn btn-secondary" onClick={dismiss}>
            {t("bonus:modal.cta")}
          </Link>
        </div>
      </div>
    </dialog>
  );
}
