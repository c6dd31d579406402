import { useState, type MouseEvent } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import { LikeButton } from "~/components/discovery/LikeButton";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { BlockUserModal } from "./BlockUserModal";
import { loginHref, type LoginRequiredKind } from "./LoginRequiredAlert";

/** The viewer's like relation with the member (members only). */
type Like = { liked: boolean; likedBy: boolean };

/**
 * The buttons of a profile (product.md §2 "Profile view"): like / unlike, gift, message, block, and
 * the complaint link. Visitors get the login-required alert instead of each action (product.md §8);
 * without JavaScript their buttons lead to the login page.
 */
export function ProfileActions({
  profile,
  viewer,
  like,
  returnTo,
  onLoginRequired,
  onBlocked,
  onMatch,
}: {
  profile: { id: number; name: string };
  viewer: "visitor" | "member";
  like: Like | null;
  returnTo: string;
  onLoginRequired: (kind: LoginRequiredKind) => void;
  onBlocked: () => void;
  onMatch: (match: ProfileCard) => void;
}) {
  const { t } = useTranslation();
  const [blockOpen, setBlockOpen] = useState(false);
  const chat = href("/members/:id/chat", { id: String(profile.id) });

  if (viewer === "visitor") {
    const asked = { href: loginHref(returnTo), onAsk: onLoginRequired };
    return (
      <div className="profile-actions">
        <LoginRequiredButton {...asked} kind="like" icon="heart" className="btn-primary" label={t("members:actions.like")} />
        <LoginRequiredButton {...asked} kind="chat" icon="mail" className="btn-secondary" label={t("members:actions.message")} />
        <LoginRequiredButton {...asked} kind="gift" icon="gift" className="btn-outline" label={t("members:actions.gift")} />
        <Link to={`${href("/complaints")}?profile=${profile.id}`} className="btn btn-link btn-sm profile-actions__report">
          {t("members:actions.report")}
        </Link>
      </div>
    );
  }

  return (
    <div className="profile-actions">
      <LikeButton
        profileId={profile.id}
        profileName={profile.name}
        liked={like?.liked ?? false}
        likedMe={like?.likedBy ?? false}
        source="profile"
        onMatch={onMatch}
        className="btn"
      />
      <Link to={chat} className="btn btn-secondary">
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#mail" />
        </svg>{" "}
        {t("members:actions.message")}
      </Link>
      <Link to={`${chat}?gift=1`} className="btn btn-outline">
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#gift" />
        </svg>{" "}
        {t("members:actions.gift")}
      </Link>
      <button type="button" className="btn btn-outline" onClick={() => setBlockOpen(true)}>
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#block" />
        </svg>{" "}
        {t("members:actions.block")}
      </button>
      <Link to={`${href("/complaints")}?profile=${profile.id}`} className="btn btn-link btn-sm profile-actions__report">
        {t("members:actions.report")}
      </Link>
      <BlockUserModal
        profileId={profile.id}
        name={profile.name}
        open={blockOpen}
        onClose={() => setBlockOpen(false)}
        onBlocked={onBlocked}
        redirectTo={`${href("/settings")}#blocked`}
      />
    </div>
  );
}

/** A visitor's action button: a link to the login page that, with JavaScript, asks in the page instead. */
function LoginRequiredButton({
  href,
  kind,
  icon,
  className,
  label,
  onAsk,
}: {
  href: string;
  kind: LoginRequiredKind;
  icon: string;
  className: string;
  label: string;
  onAsk: (kind: LoginRequiredKind) => void;
}) {
  const ask = (event: MouseEvent) => {
    event.preventDefault();
    onAsk(kind);
  };
  return (
    <a href={href} className={`btn ${className}`} onClick={ask}>
      <svg className="icon" aria-hidden="true">
        <use href={`/icons.svg#${icon}`} />
      </svg>{" "}
      {label}
    </a>
  );
}
