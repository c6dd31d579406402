import type { ProfileCard } from "~/profiles/profile-card.server";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

/** A member's round photo in chat lists and the chat's top bar; the silhouette with their initial when there is none. */
export function ChatAvatar({ profile, size = 48 }: { profile: Pick<ProfileCard, "name" | "photoUrl" | "gender">; size?: number }) {
  const cdn = useCdnUrl();
  if (profile.photoUrl) return <img className="avatar" src={cdn(profile.photoUrl)} alt="" width={size} height={size} />;
  return (
    // MemberSilhouette's markup, written out: the chat pages' first load stays one file lighter.
    <span
      className={`avatar chat-avatar silhouette silhouette--compact silhouette--${profile.gender}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      <span className="silhouette__initial">{Array.from(profile.name.trim())[0]?.toLocaleUpperCase()}</span>
    </span>
  );
}
