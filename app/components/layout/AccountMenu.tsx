import type { MouseEvent } from "react";
import { Link, NavLink, href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import type { NavUser } from "./member-links";

/**
 * The account menu (own profile, notifications, settings, log out) behind the member's photo: both
 * /notifications and /settings (e-mail, password, passkeys, deletion) are one tap away (spec §2
 * "settings/notifications"):
 * a dropdown in the top bar (`account-menu`, labelled with the profile name) and, on phones, the
 * last tab of the tab bar (`bottom-tabs__account`, labelled "Account"), which opens as a sheet.
 * Choosing an item closes the menu, since a client-side navigation keeps a `<details>` open.
 */
function closeMenu(event: MouseEvent<HTMLAnchorElement>) {
  event.currentTarget.closest("details")?.removeAttribute("open");
}

export function AccountMenu({ user, className, label }: { user: NavUser; className: string; label: string }) {
  const { t } = useTranslation();
  return (
    <details className={className}>
      <summary>
        {user.avatarUrl ? (
          // Lazy: React preloads every eager image in the head, which put this one ahead of the page's own photos (and a phone hides
          // the top bar's copy). It still loads as soon as it is laid out.
          <img src={user.avatarUrl} alt="" width={32} height={32} loading="lazy" className="avatar avatar-sm" />
        ) : (
          // MemberSilhouette's markup, written out: importing it here would add a file to every page's first load.
          <span className="avatar avatar-sm silhouette silhouette--compact" aria-hidden="true">
            <span className="silhouette__initial">{Array.from(user.profileName.trim())[0]?.toLocaleUpperCase()}</span>
          </span>
        )}
        <span className="account-menu__label">{label}</span>
      </summary>
      <ul className="account-menu__list">
        <li>
          <NavLink to={href("/profile")} onClick={closeMenu}>
            {t("nav.myProfile")}
          </NavLink>
        </li>
        <li>
          <NavLink to={href("/notifications")} onClick={closeMenu}>
            {t("nav.notifications")}
          </NavLink>
        </li>
        <li>
          <NavLink to={href("/settings")} onClick={closeMenu}>
            {t("nav.accountSettings")}
          </NavLink>
        </li>
        <li>
          <Link to={href("/api/logout.php")} reloadDocument onClick={closeMenu}>
            {t("nav.logout")}
          </Link>
        </li>
      </ul>
    </details>
  );
}
