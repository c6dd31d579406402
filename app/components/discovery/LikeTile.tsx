import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { LikeTab } from "~/discovery/like-api";
import type { LikeListItem } from "~/discovery/like-lists.server";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { FIRST_SCREENFUL, ProfileTile } from "~/components/profiles/ProfileTile";
import { LikeButton } from "./LikeButton";

/**
 * A member on the likes pages: a received like opens `/likes/m/{id}` (viewing it clears the new
 * flag, product.md §4) and shows the "new" badge; like back / unlike under it, and a message link
 * for matches.
 */
export function LikeTile({
  item,
  tab,
  onMatch,
  fictionalIcon,
  fictionalLabel,
  priority,
}: {
  item: LikeListItem;
  tab: LikeTab;
  onMatch(match: ProfileCard): void;
  fictionalIcon: string;
  fictionalLabel: string;
  priority: boolean;
}) {
  const { t } = useTranslation();
  const { profile } = item;
  return (
    <ProfileTile
      profile={profile}
      href={tab === "received" ? href("/likes/m/:id", { id: String(profile.id) }) : href("/members/:id", { id: String(profile.id) })}
      fictionalIcon={fictionalIcon}
      fictionalLabel={fictionalLabel}
      priority={priority}
      badge={item.isNew ? <span className="badge badge-secondary likes-new">{t("discovery:likes.new")}</span> : undefined}
      actions={
        <>
          <LikeButton profileId={profile.id} profileName={profile.name} liked={item.liked} likedMe={item.likedMe} onMatch={onMatch} />
          {tab === "matches" && (
            <Link to={href("/members/:id/chat", { id: String(profile.id) })} className="btn btn-sm btn-primary">
              {t("discovery:likes.message")}
            </Link>
          )}
        </>
      }
    />
  );
}

/** A likes tab's members as tiles, or the tab's "nobody yet" line. */
export function LikeGrid({
  items,
  tab,
  ...tile
}: {
  items: LikeListItem[];
  tab: LikeTab;
  onMatch(match: ProfileCard): void;
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="likes-section__empty">{t(`discovery:likes.empty.${tab}`)}</p>;
  return (
    <ul className="profile-grid">
      {items.map((item, index) => (
        <li key={item.profile.id}>
          <LikeTile item={item} tab={tab} priority={index < FIRST_SCREENFUL} {...tile} />
        </li>
      ))}
    </ul>
  );
}
