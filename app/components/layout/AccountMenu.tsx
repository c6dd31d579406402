import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { NavUser } from "./TopNav";

/** The member's round photo in the navigation, or a neutral circle without one. */
export function NavAvatar({ user, className = "avatar avatar-sm" }: { user: NavUser; className?: string }) {
  return user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" width={32} height={32} className={className} />
  ) : (
    <span className={`${className} avatar-placeholder`} aria-hidden="true" />
  );
}

/**
 * The account menu's links (own profile, settings and notifications, log out): the same list in
 * the top bar's dropdown and in the phone tab bar's sheet. Choosing one closes the menu around it,
 * since a client-side navigation keeps the `<details>` open otherwise.
 */
export function AccountMenuLinks({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <ul
      className={className}
      onClick={(event) => {
        if ((event.target as Element).closest("a")) event.currentTarget.closest("details")?.removeAttribute("open");
      }}
    >
      <li>
        <Link to="/profile">{t("nav.myProfile")}</Link>
      </li>
      <li>
        <Link to="/notifications">{t("nav.settings")}</Link>
      </li>
      <li>
        <Link to="/api/logout.php" reloadDocument>
          {t("nav.logout")}
        </Link>
      </li>
    </ul>
  );
}
