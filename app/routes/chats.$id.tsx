import type { Route } from "./+types/chats.$id";
import { data } from "react-router";
import { chatScreenData, readGifts } from "~/chat/chat-screen.server";
import { openConversation } from "~/chat/conversations.server";
import { notifyInboxes } from "~/chat/live.server";
import { ChatScreen } from "~/components/chat/ChatScreen";
import { getServices, getSite } from "~/http/context.server";
import { requireMember } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { sendFromForm } from "~/http/chat-send.server";

/**
 * A conversation (product.md §2 "chat screen"): top bar with the partner and the credit badge, the
 * messages, and the composer with gifts. Opening it marks its messages read (product.md §4). A
 * conversation that is not the member's, or whose partner they can no longer reach, is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireMember(context, request);
  const conversationId = idParam(params.id);
  if (conversationId === null) throw data(null, { status: 404 });
  const site = getSite(context);
  const { db, env, ctx, now } = getServices(context);
  const before = idParam(new URL(request.url).searchParams.get("before"));
  // The conversation, its messages and the gifts travel in one round trip (ADR 047).
  const [opened, gifts] = await Promise.all([
    openConversation(db, {
      conversationId,
      viewerProfileId: user.profile.id,
      siteId: site.id,
      now: now(),
      before,
      historyLimit: user.paidUser ? null : site.settings.chatHistoryLimit,
    }),
    readGifts(db),
  ]);
  if (!opened) throw data(null, { status: 404 });
  const { seen, ...conversation } = opened;
  // The partner's open chat shows "seen" under their messages (live, ADR 027).
  if (seen) ctx.waitUntil(notifyInboxes(env.INBOX, [conversation.partner.id], { type: "seen", conversationId }));
  return {
    conversation,
    partner: conversation.partner,
    ...chatScreenData(site, conversation.partner, gifts),
    title: `${conversation.partner.name} · ${site.name}`,
  };
}

export async function action(args: Route.ActionArgs) {
  const conversationId = idParam(args.params.id);
  if (conversationId === null) throw data(null, { status: 404 });
  const { reply, status } = await sendFromForm(args, { conversationId });
  return data(reply, { status });
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatScreen key={loaderData.conversation.conversationId} data={loaderData} reply={actionData ?? null} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
