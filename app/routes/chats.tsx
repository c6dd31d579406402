import { useEffect, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useLocation, useNavigate, useRevalidator, href } from "react-router";
import type { Route } from "./+types/chats";
import { listChats } from "~/chat/conversations.server";
import { ChatList } from "~/components/chat/ChatList";
import { useChatSocket } from "~/components/chat/use-chat-socket";
import { conversationToResume, DESKTOP_QUERY, readLastOpenedChat, type ChatsNavigationState } from "~/components/chat/last-opened-chat";
import { getServices, getSite } from "~/http/context.server";
import { dayKey } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { requireMember } from "~/http/guards.server";

/**
 * The chats overview (product.md §2 chats): the member's conversations, most recent first. On a
 * desktop screen it opens the last opened conversation instead (product.md §3 chat state), unless
 * the member came back from one through its back link; the overview marks that conversation.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireMember(context, request);
  const site = getSite(context);
  const { db, now: clock } = getServices(context);
  const now = clock();
  return {
    chats: await listChats(db, { viewerProfileId: user.profile.id, siteId: site.id, now }),
    timeZone: site.settings.timeZone,
    today: dayKey(now, site.settings.timeZone),
    fictional: { icon: site.settings.fictionalIcon, label: site.texts.fictionalSingular },
    title: `${getI18n(context).t("chat:list.title")} · ${site.name}`,
  };
}

export default function Chats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [lastOpenedId, setLastOpenedId] = useState<number | null>(null);
  const { chats } = loaderData;
  // Live chat (ADR 027): a new message (or a reconnect) reloads the list; typing is for the chat screen.
  const { revalidate } = useRevalidator();
  useChatSocket((event) => {
    if (event?.type !== "typing") void revalidate();
  });
  useEffect(() => {
    const last = readLastOpenedChat();
    setLastOpenedId(last?.conversationId ?? null);
    const resume = conversationToResume(
      last,
      chats.map((chat) => chat.conversation.id),
      { desktop: matchMedia(DESKTOP_QUERY).matches, fromChat: Boolean((location.state as ChatsNavigationState | null)?.fromChat) },
    );
    if (resume !== null) void navigate(href("/chats/:id", { id: String(resume) }), { replace: true });
    // Decided once per arrival on the overview, not again when the list revalidates.
  }, [location.key]);
  return (
    <main id="main" className="container narrow section chats-page">
      <h1>{t("chat:list.title")}</h1>
      <ChatList
        chats={chats}
        lastOpenedId={lastOpenedId}
        timeZone={loaderData.timeZone}
        today={loaderData.today}
        fictional={loaderData.fictional}
      />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
