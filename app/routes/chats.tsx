import { useTranslation } from "react-i18next";
import type { Route } from "./+types/chats";
import { listChats } from "~/chat/conversations.server";
import { ChatList } from "~/components/chat/ChatList";
import { getServices, getSite } from "~/http/context.server";
import { dayKey } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { requireMember } from "~/http/guards.server";

/** The chats overview (spec §2 chats): the member's conversations, most recent first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireMember(context, request);
  const site = getSite(context);
  const { db, now: clock } = getServices(context);
  const now = clock();
  return {
    chats: await listChats(db, { viewerProfileId: user.profile.id, siteId: site.id, now }),
    timeZone: site.settings.timeZone,
    today: dayKey(now, site.settings.timeZone),
    fictional: { icon: site.settings.fictionalIcon, label: site.settings.fictionalSingular },
    title: `${getI18n(context).t("chat:list.title")} · ${site.name}`,
  };
}

export default function Chats({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main" className="container narrow section chats-page">
      <h1>{t("chat:list.title")}</h1>
      <ChatList chats={loaderData.chats} timeZone={loaderData.timeZone} today={loaderData.today} fictional={loaderData.fictional} />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : []);
