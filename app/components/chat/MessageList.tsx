import { Fragment, useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, Link, href } from "react-router";
import type { ChatMessage, ChatPhoto } from "~/chat/conversations.server";
import { dayKey, formatClockTime, formatDay } from "~/i18n/format";

/**
 * The messages of a conversation as bubbles (mine on the right), grouped under the day they were
 * sent, oldest first; a link loads the page of older messages, or, for a free member past the
 * site's history limit, a note that they are locked (product.md §9). "Seen" under the member's
 * last message once the partner saw it. Keeps the newest message in view.
 */
export function MessageList({
  messages,
  olderThan,
  locked,
  seenThroughId,
  partnerName,
  timeZone,
  conversationId = null,
  reported = false,
}: {
  messages: ChatMessage[];
  olderThan: number | null;
  locked: number;
  seenThroughId: number;
  partnerName: string;
  timeZone: string;
  /** The conversation a flagged message's report button reports (ADR 053). */
  conversationId?: number | null;
  /** The member just reported this conversation: the warnings thank them instead of offering the button. */
  reported?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const end = useRef<HTMLDivElement>(null);
  const newest = messages.at(-1)?.id;
  const lastMine = messages.findLast((message) => message.mine)?.id;

  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" });
  }, [newest]);

  if (messages.length === 0 && olderThan === null && locked === 0) {
    return <p className="chat-messages__empty">{t("chat:screen.empty", { name: partnerName })}</p>;
  }

  return (
    <div className="chat-messages" aria-label={t("chat:screen.messagesLabel", { name: partnerName })} role="log" aria-live="polite">
      {olderThan === null && locked > 0 && (
        <div className="chat-messages__locked">
          <p>
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#lock" />
            </svg>{" "}
            {t("chat:history.locked", { count: locked })}
          </p>
          <Link to={href("/premium")} className="btn btn-primary btn-sm">
            {t("chat:problems.becomePremium")}
          </Link>
        </div>
      )}
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
            {message.safety.length > 0 && (
              <SafetyWarning message={message} partnerName={partnerName} conversationId={conversationId} reported={reported} />
            )}
            {message.id === lastMine && seenThroughId >= message.id && <p className="chat-bubble__seen">{t("chat:screen.seen")}</p>}
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
      ) : message.kind === "photo" && message.photo ? (
        <ChatPhotoView photo={message.photo} mine={message.mine} partnerName={partnerName} />
      ) : message.gif ? (
        <img className="chat-bubble__gif" src={message.gif} alt={t("chat:gif.alt")} width={128} height={128} loading="lazy" />
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

/**
 * The recipient's gentle warning under a message the safety check flagged (ADR 053): what to be
 * careful about, and a one-tap report that hands the conversation to the moderators.
 */
function SafetyWarning({
  message,
  partnerName,
  conversationId,
  reported,
}: {
  message: ChatMessage;
  partnerName: string;
  conversationId: number | null;
  reported: boolean;
}) {
  const { t } = useTranslation();
  return (
    <aside className="chat-safety" aria-label={t("chat:safety.warning.label")}>
      <p>
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#shield" />
        </svg>{" "}
        {message.safety.map((reason) => t(`chat:safety.warning.${reason}`, { name: partnerName })).join(" ")}
      </p>
      {reported ? (
        <p className="chat-safety__thanks" role="status">
          {t("chat:safety.report.thanks")}
        </p>
      ) : conversationId !== null ? (
        <Form method="post" action={href("/chats/:id", { id: String(conversationId) })} preventScrollReset>
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="messageId" value={message.id} />
          <button type="submit" className="btn btn-link btn-sm chat-safety__report">
            {t("chat:safety.report.button", { name: partnerName })}
          </button>
        </Form>
      ) : null}
    </aside>
  );
}

/**
 * A photo message (product.md §10 "Photos in chat"): the sender sees it at once with its review
 * state; the recipient sees it once a moderator approved it.
 */
function ChatPhotoView({ photo, mine, partnerName }: { photo: ChatPhoto; mine: boolean; partnerName: string }) {
  const { t } = useTranslation();
  const note =
    photo.status === "pending"
      ? t(mine ? "chat:photo.pendingMine" : "chat:photo.pendingTheirs", { name: partnerName })
      : photo.status === "rejected"
        ? t(mine ? "chat:photo.rejectedMine" : "chat:photo.rejectedTheirs", { name: partnerName })
        : null;
  return (
    <div className="chat-bubble__photo">
      {photo.url && (
        <a href={photo.url} target="_blank" rel="noreferrer">
          <img src={photo.url} alt={t("chat:photo.alt")} width={photo.width} height={photo.height} loading="lazy" />
        </a>
      )}
      {note && <p className="chat-bubble__note">{note}</p>}
    </div>
  );
}
