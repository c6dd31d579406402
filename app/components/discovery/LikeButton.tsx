import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useLocation, useRevalidator, href } from "react-router";
import type { LikeRequest } from "~/discovery/like-api";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { useRootData } from "~/root";
import { postLike } from "./like-client";

/**
 * Like / like back / unlike for one member (profile page, tiles, likes pages). Visitors get the
 * login-required alert (product.md §6) instead of a call. After a change the page's data is
 * reloaded; a like that completes a match hands the member's card to `onMatch` (show the
 * MatchModal).
 */
export function LikeButton({
  profileId,
  profileName,
  liked: likedOnServer,
  likedMe = false,
  source = "profile",
  onMatch,
  className = "btn btn-sm",
}: {
  profileId: number;
  profileName: string;
  liked: boolean;
  /** They like the member already: the button reads "like back". */
  likedMe?: boolean;
  source?: LikeRequest["source"];
  onMatch?: (match: ProfileCard) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  const signedIn = Boolean(useRootData()?.user);
  const location = useLocation();
  const revalidator = useRevalidator();
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<"login" | string | null>(null);
  const liked = optimistic ?? likedOnServer;

  async function toggle() {
    if (!signedIn) return setAlert("login");
    const next = !liked;
    setBusy(true);
    setAlert(null);
    setOptimistic(next);
    const response = await postLike({ profile_id: profileId, action: next ? "like" : "unlike", source });
    setBusy(false);
    if (!response.ok) {
      setOptimistic(null);
      return setAlert(response.error?.message ?? t("messages.generic"));
    }
    if (response.result.match) onMatch?.(response.result.match);
    await revalidator.revalidate();
    setOptimistic(null);
  }

  const label = liked ? "unlike" : likedMe ? "likeBack" : "like";
  return (
    <span className="like-action">
      <button
        type="button"
        className={`${className} ${liked ? "btn-outline" : "btn-secondary"}`}
        aria-label={t(`discovery:like.${label}Label`, { name: profileName })}
        disabled={busy}
        onClick={toggle}
      >
        <svg className={liked ? "icon icon--filled" : "icon"} aria-hidden="true">
          <use href="/icons.svg#heart" />
        </svg>{" "}
        {t(`discovery:like.${label}`)}
      </button>
      {alert && (
        <span className="like-action__alert alert alert-warning" role="alert">
          {alert === "login" ? (
            <>
              <span>{t("discovery:like.loginRequired")}</span>
              <Link
                to={`${href("/login")}?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
                className="btn btn-primary btn-sm like-action__login"
              >
                {t("discovery:like.login")}
              </Link>
            </>
          ) : (
            alert
          )}
        </span>
      )}
    </span>
  );
}
