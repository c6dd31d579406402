import type { ProfileCard } from "~/profiles/profile-card.server";

/** A member's round photo in chat lists and the chat's top bar; their initial when there is none. */
export function ChatAvatar({ profile, size = 48 }: { profile: Pick<ProfileCard, "name" | "photoUrl" | "gender">; size?: number }) {
  if (profile.photoUrl) return <img className="avatar" src={profile.photoUrl} alt="" width={size} height={size} />;
  return (
    <span className={`avatar chat-avatar chat-avatar--${profile.gender}`} style={{ width: size, height: size }} aria-hidden="true">
      {profile.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
