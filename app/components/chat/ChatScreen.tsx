import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useNavigate, useRevalidator, useSearchParams, href } from "react-router";
import type { GiftOffer, SendReply } from "~/chat/chat-screen.server";
import type { ChatMessage } from "~/chat/conversations.server";
import { usePolling } from "~/components/layout/use-polling";
import { FictionalNotice } from "~/components/profiles/FictionalNotice";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { useRootData } from "~/root";
import { ChatProblemAlert } from "./ChatProblemAlert";
import { ChatTopBar } from "./ChatTopBar";
import { GiftPicker } from "./GiftPicker";
import { rememberOpenedChat } from "./remember-opened-chat";
import { MessageComposer } from "./MessageComposer";
import { MessageList } from "./MessageList";
import { useChatSocket } from "./use-chat-socket";
import { useSending } from "./use-sending";
import type { ChatPhotoResult } from "./send-chat-photo";

/** The GIF search loads when the member first opens it (the chat pages' JavaScript budget). */
const GifSearch = lazy(() => import("./GifSearch"));

export type ChatScreenData = {
  conversation: {
    conversationId: number | null;
    messages: ChatMessage[];
    olderThan: number | null;
    locked: number;
    seenThroughId: number;
  };
  partner: ProfileCard;
  composer: { messageCost: number; photoCost: number; maxLength: number; gifts: GiftOffer[]; clientKey: string };
  fictional: { icon: string; label: string; warning: string | null };
  timeZone: string;
};

/** New messages show up while a conversation is open and the live socket is not (ADR 027). */
const CHAT_POLL_MS = 10_000;
/** The partner's "is typing" line stays this long after their last keystroke event. */
const TYPING_SHOWN_MS = 5_000;
/** The member's typing is told to the partner at most this often. */
const TYPING_SENT_MS = 3_000;

/** A random client key for the next message, so a resent form is stored and charged once. */
function newClientKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The chat screen (product.md §2): top bar, the fictional-profile notice, the messages, and the
 * footer with the composer and the gifts (`?gift=1` opens them, as the profile's gift button does).
 */
export function ChatScreen({ data, reply }: { data: ChatScreenData; reply: SendReply | null }) {
  const { t } = useTranslation();
  const root = useRootData();
  const [searchParams] = useSearchParams();
  const { conversation, partner, composer, fictional, timeZone } = data;
  const { revalidate } = useRevalidator();
  const [giftsOpen, setGiftsOpen] = useState(searchParams.get("gift") === "1");
  const [gifsOpen, setGifsOpen] = useState(false);
  const [clientKey, setClientKey] = useState(composer.clientKey);
  const busy = useSending();

  // A sent message (or gift, or GIF) needs a new key for the next one; the pickers close after sending.
  useEffect(() => {
    if (reply?.conversationId) {
      setClientKey(newClientKey());
      setGiftsOpen(false);
      setGifsOpen(false);
    }
    if (reply?.problem) setGifsOpen(false);
  }, [reply]);

  // A photo goes through its own call (app/components/chat/send-chat-photo.ts, loaded on use).
  const navigate = useNavigate();
  const [photoSending, setPhotoSending] = useState(false);
  const [photoFailure, setPhotoFailure] = useState<Extract<ChatPhotoResult, { ok: false }> | null>(null);
  async function sendPhoto(file: File) {
    setPhotoSending(true);
    setPhotoFailure(null);
    const { sendChatPhoto } = await import("./send-chat-photo");
    const to = conversation.conversationId === null ? { profile: partner.id } : { conversation: conversation.conversationId };
    const result = await sendChatPhoto(file, to, `${clientKey}-photo`);
    setPhotoSending(false);
    if (!result.ok) return setPhotoFailure(result);
    setClientKey(newClientKey());
    if (conversation.conversationId === null) navigate(href("/chats/:id", { id: String(result.conversationId) }));
    else void revalidate();
  }

  // product.md §3 chat state: /chats brings the member back here (desktop) and marks it.
  useEffect(() => {
    if (conversation.conversationId !== null) rememberOpenedChat(conversation.conversationId, partner.id);
  }, [conversation.conversationId, partner.id]);

  // Live chat (ADR 027): a message anywhere reloads the data (the loader is the source of truth),
  // so does the partner seeing it; the partner's typing shows for a few seconds. Without a socket,
  // the screen polls as before.
  const [partnerTyping, setPartnerTyping] = useState(false);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const live = useChatSocket((event) => {
    if (event?.type === "typing") {
      if (event.conversationId !== conversation.conversationId || event.profileId !== partner.id) return;
      setPartnerTyping(true);
      clearTimeout(typingTimer.current);
      typingTimer.current = setTimeout(() => setPartnerTyping(false), TYPING_SHOWN_MS);
      return;
    }
    if (event?.type === "message" && event.conversationId === conversation.conversationId) setPartnerTyping(false);
    void revalidate();
  });
  useEffect(() => () => clearTimeout(typingTimer.current), []);
  const typingSentAt = useRef(0);
  function tellTyping() {
    if (conversation.conversationId === null || Date.now() - typingSentAt.current < TYPING_SENT_MS) return;
    typingSentAt.current = Date.now();
    void fetch(href("/api/chat-typing.php"), {
      method: "POST",
      body: new URLSearchParams({ conversation: String(conversation.conversationId) }),
    }).catch(() => {});
  }

  usePolling({ enabled: conversation.conversationId !== null && !live, intervalMs: CHAT_POLL_MS, startAfterMs: CHAT_POLL_MS });

  // A report sent from a flagged message (ADR 053) thanks the member in place of its button.
  const reportedNow = reply?.intent === "report" && reply.conversationId !== null;

  const isNew = conversation.messages.length === 0 && conversation.olderThan === null;
  const lines: unknown = isNew ? t("chat:icebreakers.lines", { returnObjects: true }) : [];
  const icebreakers = Array.isArray(lines) ? lines.map(String) : [];

  return (
    <div className="chat-screen">
      <ChatTopBar
        partner={partner}
        conversationId={conversation.conversationId}
        credits={root?.account?.credits ?? null}
        fictional={fictional}
      />
      <main id="main" className="chat-screen__main">
        <div className="chat-screen__messages">
          {fictional.warning && <FictionalNotice icon={fictional.icon} warning={fictional.warning} />}
          <MessageList
            messages={conversation.messages}
            olderThan={conversation.olderThan}
            locked={conversation.locked}
            seenThroughId={conversation.seenThroughId}
            partnerName={partner.name}
            conversationId={conversation.conversationId}
            reported={reportedNow}
            timeZone={timeZone}
          />
          <p className="chat-screen__typing" aria-live="polite">
            {partnerTyping ? t("chat:screen.typing", { name: partner.name }) : null}
          </p>
        </div>
        <div className="chat-screen__footer">
          {reply?.problem && <ChatProblemAlert problem={reply.problem} busy={busy} />}
          {reply && reply.intent !== "text" && !reply.problem && !reply.conversationId && (
            <p className="alert alert-danger" role="alert">
              {t("messages.generic")}
            </p>
          )}
          {photoFailure?.problem ? (
            <ChatProblemAlert problem={photoFailure.problem} />
          ) : photoFailure ? (
            <p className="alert alert-danger" role="alert">
              {photoFailure.message ?? (photoFailure.heic ? t("photos:errors.heic") : t("messages.generic"))}
            </p>
          ) : null}
          {photoSending && (
            <p className="chat-screen__sending" role="status">
              {t("chat:photo.sending")}
            </p>
          )}
          {gifsOpen && (
            <Suspense fallback={null}>
              <GifSearch
                open={gifsOpen}
                onClose={() => setGifsOpen(false)}
                clientKey={`${clientKey}-gif`}
                messageCost={composer.messageCost}
                busy={busy}
              />
            </Suspense>
          )}
          {giftsOpen && <GiftPicker gifts={composer.gifts} clientKey={`${clientKey}-gift`} partnerName={partner.name} busy={busy} />}
          <MessageComposer
            clientKey={clientKey}
            maxLength={composer.maxLength}
            messageCost={composer.messageCost}
            balance={root?.account?.credits ?? null}
            lastResult={reply?.intent === "text" ? reply.result : null}
            busy={busy}
            giftsOpen={giftsOpen}
            onToggleGifts={() => setGiftsOpen((open) => !open)}
            icebreakers={icebreakers}
            onTyping={tellTyping}
            onPickPhoto={sendPhoto}
            photoBusy={photoSending}
            photoCost={composer.photoCost}
            onOpenGifs={() => setGifsOpen(true)}
          />
        </div>
      </main>
    </div>
  );
}
