import type { Route } from "./+types/members.$id.chat";
import { data, redirect, href } from "react-router";
import { chatScreenData, readGifts } from "~/chat/chat-screen.server";
import { findConversationWith } from "~/chat/conversations.server";
import { ChatScreen } from "~/components/chat/ChatScreen";
import { getServices, getSite } from "~/http/context.server";
import { visibleCard } from "~/discovery/member.server";
import { requireMember } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { sendFromForm } from "~/routes/chat-send.server";

/**
 * "Send a message" from a profile, a like or a match: the conversation with that member if there is
 * one, else an empty chat screen whose first message starts it (product.md §2 members-id-chat).
 * `?gift=1` (the profile's gift button) opens the gifts there.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireMember(context, request);
  const partnerId = idParam(params.id);
  if (partnerId === null || partnerId === user.profile.id) throw data(null, { status: 404 });
  const site = getSite(context);
  const { db, now } = getServices(context);
  // One round trip: whether a conversation exists already, the partner's card and the gifts (ADR 047).
  const [existing, partner, gifts] = await Promise.all([
    findConversationWith(db, { viewerProfileId: user.profile.id, partnerProfileId: partnerId, siteId: site.id }),
    visibleCard(db, { profileId: partnerId, viewerProfileId: user.profile.id, siteId: site.id, now: now() }),
    readGifts(db),
  ]);
  if (existing)
    throw redirect(
      `${href("/chats/:id", { id: String(existing.id) })}${new URL(request.url).searchParams.get("gift") === "1" ? "?gift=1" : ""}`,
    );
  if (!partner) throw data(null, { status: 404 });
  return {
    conversation: { conversationId: null, messages: [], olderThan: null, locked: 0, seenThroughId: 0 },
    partner,
    ...chatScreenData(site, partner, gifts),
    title: `${partner.name} · ${site.name}`,
  };
}

/** The first message: once sent, the member continues in the conversation it started. */
export async function action(args: Route.ActionArgs) {
  const partnerId = idParam(args.params.id);
  if (partnerId === null) throw data(null, { status: 404 });
  const { reply, status } = await sendFromForm(args, { partnerProfileId: partnerId });
  if (reply.conversationId) throw redirect(href("/chats/:id", { id: String(reply.conversationId) }));
  return data(reply, { status });
}

export default function NewConversation({ loaderData, actionData }: Route.ComponentProps) {
  return <ChatScreen key={loaderData.partner.id} data={loaderData} reply={actionData ?? null} />;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
