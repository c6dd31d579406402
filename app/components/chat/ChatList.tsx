import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useRevalidator, href } from "react-router";
import type { RemoveChatResult } from "~/chat/chat-api";
import type { ChatEntry } from "~/chat/conversations.server";
import { requestJson } from "~/components/profiles/post-json";
import { dayKey, formatClockTime, formatDate } from "~/i18n/format";
import { ChatAvatar } from "./ChatAvatar";
import { DeleteConversationModal } from "./DeleteConversationModal";
import { FictionalMark } from "~/components/profiles/FictionalMark";

/**
 * The chats overview (product.md §2): each conversation with the partner, the last message, its
 * time and the unread count. Removing a chat takes it off the list at once, then tells the server;
 * if that fails an alert says so and the list reloads (product.md §4).
 */
export function ChatList({
  chats,
  timeZone,
  today,
  fictional,
  lastOpenedId = null,
}: {
  chats: ChatEntry[];
  /** The conversation opened last on this device (product.md §3 chat state), marked in the list. */
  lastOpenedId?: number | null;
  timeZone: string;
  /** Today's date in the site's time zone (`YYYY-MM-DD`), to show a time or a date. */
  today: string;
  fictional: { icon: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const revalidator = useRevalidator();
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const [confirming, setConfirming] = useState<ChatEntry | null>(null);

  /** Off the list at once; the server is told after, and a failure brings the list back. */
  async function remove(chat: ChatEntry): Promise<null> {
    setFailed(false);
    setRemoved((ids) => new Set(ids).add(chat.conversation.id));
    void requestJson<RemoveChatResult>("DELETE", href("/api/chat.php"), { conversation: chat.conversation.id }).then((reply) => {
      if (reply.ok) return;
      setFailed(true);
      setRemoved(new Set());
      void revalidator.revalidate();
    });
    return null;
  }

  const shown = chats.filter((chat) => !removed.has(chat.conversation.id));
  return (
    <>
      {failed && (
        <p className="alert alert-danger" role="alert">
          {t("chat:errors.removeFailed")}
        </p>
      )}
      {shown.length === 0 ? (
        <div className="chat-list__empty">
          <p>{t("chat:list.empty")}</p>
          <Link to={href("/members")} className="btn btn-primary">
            {t("chat:list.findMembers")}
          </Link>
        </div>
      ) : (
        <ul className="chat-list">
          {shown.map((chat) => {
            const { profile, last_message: last } = chat;
            const unread = chat.num_unread_messages;
            let previewText = "";
            if (last?.gift) previewText = `${last.gift.icon} ${t(`gifts.${last.gift.key}`)}`;
            else if (last?.text) previewText = last.text;
            else if (last?.kind === "photo") previewText = t("chat:photo.preview");
            else if (last?.kind === "gif") previewText = t("chat:gif.preview");
            else if (last) previewText = t("chat:screen.removedMessage");
            const lastOpened = chat.conversation.id === lastOpenedId;
            return (
              <li
                key={chat.conversation.id}
                className={`chat-list__item${unread > 0 ? " is-unread" : ""}${lastOpened ? " is-last-opened" : ""}`}
              >
                <Link to={href("/chats/:id", { id: String(chat.conversation.id) })} className="chat-list__link">
                  <ChatAvatar profile={profile} />
                  <span className="chat-list__body">
                    <span className="chat-list__head">
                      <strong className="chat-list__name">
                        {profile.online && (
                          <span className="online-dot" title={t("profileTile.online")}>
                            <span className="visually-hidden">{t("profileTile.online")}</span>
                          </span>
                        )}
                        {profile.name}, {profile.age}
                        {profile.fictional && (
                          <>
                            {" "}
                            <FictionalMark icon={fictional.icon} label={fictional.label} />
                          </>
                        )}
                      </strong>
                      {last && (
                        <time className="chat-list__time" dateTime={last.at}>
                          {dayKey(last.at, timeZone) === today
                            ? formatClockTime(last.at, i18n.language, timeZone)
                            : formatDate(new Date(last.at), i18n.language)}
                        </time>
                      )}
                    </span>
                    {lastOpened && <span className="chat-list__last-opened">{t("chat:list.lastOpened")}</span>}
                    <span className="chat-list__preview">
                      {last?.mine && <span className="chat-list__you">{t("chat:list.you")} </span>}
                      {previewText}
                    </span>
                  </span>
                  {unread > 0 && (
                    <span className="badge badge-secondary chat-list__unread">
                      <span aria-hidden="true">{unread > 99 ? "99+" : unread}</span>
                      <span className="visually-hidden">{t("chat:list.unread", { count: unread })}</span>
                    </span>
                  )}
                </Link>
                <button
                  type="button"
                  className="btn btn-link btn-sm chat-list__remove"
                  onClick={() => setConfirming(chat)}
                  aria-label={t("chat:list.remove", { name: profile.name })}
                >
                  <svg className="icon" aria-hidden="true">
                    <use href="/icons.svg#close" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <DeleteConversationModal
        name={confirming?.profile.name ?? ""}
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        onConfirm={() => remove(confirming!)}
      />
    </>
  );
}
