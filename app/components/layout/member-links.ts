import { href } from "react-router";
/**
 * The member's main pages, in the top bar's order (search, messages, likes): the top bar and the
 * phone tab bar are drawn from this one list. `icon` names an InlineIcon; `count` is the
 * NavUser figure on the link's badge, read out with the `badge` text.
 */
export const MEMBER_LINKS = [
  { to: href("/members"), icon: "search", label: "nav.search", short: "nav.searchShort" },
  { to: href("/chats"), icon: "chat", label: "nav.messages", short: "nav.messages", count: "unreadMessages", badge: "nav.unreadCount" },
  { to: href("/likes"), icon: "heart", label: "nav.likes", short: "nav.likes", count: "newLikes", badge: "nav.newLikesCount" },
] as const;

export type MemberLink = (typeof MEMBER_LINKS)[number];

/** What the navigation needs to know about a logged-in member. */
export type NavUser = {
  profileName: string;
  avatarUrl: string | null;
  paidUser: boolean;
  credits: number;
  unreadMessages: number;
  newLikes: number;
};
