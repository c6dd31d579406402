import { useMatches } from "react-router";

/** product.md §2: "the members area means the routes members, members-id, chats, likes, likes-m-id and premium". */
export const MEMBERS_AREA_ROUTES: ReadonlySet<string> = new Set(["members", "members-id", "chats", "likes", "likes-m-id", "premium"]);

export function useInMembersArea(): boolean {
  return useMatches().some((match) => MEMBERS_AREA_ROUTES.has(match.id));
}
