import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import { useInMembersArea } from "~/components/layout/members-area";
import { useRootData } from "~/root";
import { formatCountdown, useCountdown } from "./countdown";

/**
 * product.md §2 "time-bonus discount top banner": in the members area, while the member's welcome
 * time bonus runs, a bar with the discount and the time left, leading to the credits page. It goes
 * when the countdown reaches zero (product.md §4).
 */
export function TimeBonusBanner() {
  const { t } = useTranslation();
  const bonus = useRootData()?.timeBonus ?? null;
  const inMembersArea = useInMembersArea();
  const left = useCountdown(bonus?.expiresAt ?? null);
  if (!bonus || !inMembersArea || !left) return null;
  return (
    <Link to={href("/credits")} className="time-bonus-banner" aria-label={t("bonus:banner.label", { percent: bonus.percent })}>
      <span className="time-bonus-banner__text">{t("bonus:banner.text", { percent: bonus.percent })}</span>
      <span className="time-bonus-banner__time">
        {t("bonus:banner.timeLeft")} <time suppressHydrationWarning>{formatCountdown(left)}</time>
      </span>
      <span className="time-bonus-banner__cta">{t("bonus:banner.cta")}</span>
    </Link>
  );
}
