import { Fragment, useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link } from "react-router";
import type { ChatMessage } from "~/chat/conversations.server";
import { dayKey, formatClockTime, formatDay } from "~/i18n/format";

/**
 * The messages of a conversation as bubbles (mine on the right), grouped under the day they were
 * sent, oldest first; a link loads the page of older messages. Keeps the newest message in view.
 */
export function MessageList({
  messages,
  olderThan,
  partnerName,
  timeZone,
}: {
  messages: ChatMessage[];
  olderThan: number | null;
  partnerName: string;
  timeZone: string;
}) {
  const { t, i18n } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [newest]);

  if (messages.length === 0 && olderThan === null) {
    return <p className="chat-messages__empty">{t("chat:screen.empty", { name: partnerName })}</p>;
  }

  return (
    <div className="chat-messages" aria-label={t("chat:screen.messagesLabel", { name: partnerName })} role="log" aria-live="polite">
      {olderThan !== null && (
        <p className="chat-messages__older">
          <Link to={`?before=${olderThan}`} preventScrollReset>
            {t("chat:screen.older")}
          </Link>
        </p>
      )}
      {messages.map((message, index) => {
        const day = dayKey(message.at, timeZone);
        const newDay = index === 0 || dayKey(messages[index - 1]!.at, timeZone) !== day;
        return (
          <Fragment key={message.id}>
            {newDay && (
              <p className="chat-messages__day">
                <span>{formatDay(message.at, i18n.language, timeZone)}</span>
              </p>
            )}
            <MessageBubble message={message} partnerName={partnerName} timeZone={timeZone} />
          </Fragment>
        );
      })}
      <div ref={end} />
    </div>
  );
}

function MessageBubble({ message, partnerName, timeZone }: { message: ChatMessage; partnerName: string; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const who = message.mine ? t("chat:screen.you") : partnerName;
  const time = formatClockTime(message.at, i18n.language, timeZone);
  return (
    <article className={`chat-bubble ${message.mine ? "chat-bubble--mine" : "chat-bubble--theirs"}`} aria-label={`${who}, ${time}`}>
      {message.kind === "gift" && message.gift ? (
        <p className="chat-bubble__gift">
          <span className="chat-bubble__gift-icon" aria-hidden="true">
            {message.gift.icon}
          </span>
          {message.mine
            ? t("chat:gift.sentByMe", { gift: t(`gifts.${message.gift.key}`), name: partnerName })
            : t("chat:gift.sentToMe", { gift: t(`gifts.${message.gift.key}`), name: partnerName })}
        </p>
      ) : message.text !== null ? (
        <p className="chat-bubble__text">{message.text}</p>
      ) : (
        <p className="chat-bubble__text chat-bubble__text--gone">{t("chat:screen.removedMessage")}</p>
      )}
      <time className="chat-bubble__time" dateTime={message.at}>
        {time}
      </time>
    </article>
  );
}
