import { useTranslation } from "~/i18n/translation";

/** product.md §9: badges cap at 99+. */
export function badgeText(count: number): string {
  return count > 99 ? "99+" : String(count);
}

/** product.md §2: paid users see their balance when it is 10 or fewer; warning above 0, danger at 0. */
export function creditsBadgeTone(credits: number): "warning" | "danger" | null {
  if (credits > 10) return null;
  return credits > 0 ? "warning" : "danger";
}

/**
 * The red counter on a link (unread messages, new likes): nothing at 0, capped at 99+, and read
 * out as a sentence ("3 unread messages") by screen readers.
 */
export function CountBadge({ count, label }: { count: number; label: "nav.unreadCount" | "nav.newLikesCount" }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <span className="badge badge-secondary">
      <span aria-hidden="true">{badgeText(count)}</span>
      <span className="visually-hidden">{t(label, { count })}</span>
    </span>
  );
}

/** A paid member's credit balance beside the credits link, only when it runs low (10 or fewer). */
export function CreditsBadge({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const tone = creditsBadgeTone(credits);
  if (!tone) return null;
  return (
    <span className={`badge badge-${tone}`}>
      <span aria-hidden="true">{credits}</span>
      <span className="visually-hidden">{t("nav.creditsBalance", { count: credits })}</span>
    </span>
  );
}
