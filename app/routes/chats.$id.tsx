import type { Route } from "./+types/chats.$id";
import { data } from "react-router";
import { chatScreenData, readGifts } from "~/chat/chat-screen.server";
import { listChats, openConversation } from "~/chat/conversations.server";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { DESKTOP_QUERY } from "~/components/chat/last-opened-chat";
import { dayKey } from "~/i18n/format";
import { useTranslation } from "~/i18n/translation";
import { notifyInboxes } from "~/live/live.server";
import { ChatScreen } from "~/components/chat/ChatScreen";
import { getServices, getSite } from "~/http/context.server";
import { requireMember } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { reportFromChat, sendFromForm } from "~/routes/chat-send.server";
import { readInput } from "~/http/forms.server";

/**
 * A conversation (product.md §2 "chat screen"): top bar with the partner and the credit badge, the
 * messages, and the composer with gifts. Opening it marks its messages read (product.md §4). A
 * conversation that is not the member's, or whose partner they can no longer reach, is a 404.
 * From 992 px the conversation list stands beside it as a 300–400 px column (spec §9 layout; CSS
 * `.chat-split`); it is read alongside the conversation, not after it (no extra round trip waited for).
 */

/** The list's code loads only on a wide screen, after the page: a phone never downloads it. */
const ChatList = lazy(() => import("~/components/chat/ChatList").then((module) => ({ default: module.ChatList })));

function subscribeToWidth(onChange: () => void) {
  const query = matchMedia(DESKTOP_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** Whether the screen is wide enough for the list column (false on the server: the column's space is kept empty by CSS). */
function useWideScreen() {
  return useSyncExternalStore(
    subscribeToWidth,
    () => matchMedia(DESKTOP_QUERY).matches,
    () => false,
  );
}
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireMember(context, request);
  const conversationId = idParam(params.id);
  if (conversationId === null) throw data(null, { status: 404 });
  const site = getSite(context);
  const { db, env, ctx, now } = getServices(context);
  const before = idParam(new URL(request.url).searchParams.get("before"));
  const at = now();
  // The conversation, its messages, the chat list beside it and the gifts travel in one round trip (ADR 047).
  const [opened, chats, gifts] = await Promise.all([
    openConversation(db, {
      conversationId,
      viewerProfileId: user.profile.id,
      siteId: site.id,
      now: at,
      before,
      historyLimit: user.paidUser ? null : site.settings.chatHistoryLimit,
    }),
    listChats(db, { viewerProfileId: user.profile.id, siteId: site.id, now: at }),
    readGifts(db),
  ]);
  if (!opened) throw data(null, { status: 404 });
  const { seen, ...conversation } = opened;
  // The partner's open chat shows "seen" under their messages (live, ADR 027).
  if (seen) ctx.waitUntil(notifyInboxes(env.INBOX, [conversation.partner.id], { type: "seen", conversationId }));
  return {
    conversation,
    partner: conversation.partner,
    // Read at the same time as the opening: this conversation's messages are read now.
    chats: chats.map((chat) => (chat.conversation.id === conversationId ? { ...chat, num_unread_messages: 0 } : chat)),
    list: {
      timeZone: site.settings.timeZone,
      today: dayKey(at, site.settings.timeZone),
      fictional: { icon: site.settings.fictionalIcon, label: site.texts.fictionalSingular },
    },
    ...chatScreenData(site, conversation.partner, gifts),
    title: `${conversation.partner.name} · ${site.name}`,
  };
}

export async function action(args: Route.ActionArgs) {
  const conversationId = idParam(args.params.id);
  if (conversationId === null) throw data(null, { status: 404 });
  const form = await readInput(args.request);
  // The report button under a flagged message (ADR 053) posts here too.
  const { reply, status } =
    form.get("intent") === "report" ? await reportFromChat(args, conversationId) : await sendFromForm(args, { conversationId }, form);
  return data(reply, { status });
}

export default function Conversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const { list } = loaderData;
  return (
    <div className="chat-split">
      <aside className="chat-split__list" aria-label={t("chat:list.title")}>
        {wide && (
          <Suspense>
            <ChatList
              chats={loaderData.chats}
              lastOpenedId={loaderData.conversation.conversationId}
              timeZone={list.timeZone}
              today={list.today}
              fictional={list.fictional}
            />
          </Suspense>
        )}
      </aside>
      <ChatScreen key={loaderData.conversation.conversationId} data={loaderData} reply={actionData ?? null} />
    </div>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
