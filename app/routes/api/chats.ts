import type { Route } from "./+types/chats";
import type { ChatsPayload } from "~/chat/chat-api";
import { listChats } from "~/chat/conversations.server";
import { getServices, getSite } from "~/http/context.server";
import { requireApiUser } from "~/http/guards.server";
import { onlyGet } from "~/http/api-errors.server";

/** GET /api/chats.php (product.md §3, §7): the member's chats with unread counts. Visitors get the 403 of product.md §8. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const { db, now } = getServices(context);
  const chats = user.profile ? await listChats(db, { viewerProfileId: user.profile.id, siteId: getSite(context).id, now: now() }) : [];
  const body: ChatsPayload = { chats, total_unread_messages: chats.reduce((sum, chat) => sum + chat.num_unread_messages, 0) };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
