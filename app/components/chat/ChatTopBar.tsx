import { lazy, Suspense, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useNavigate, href } from "react-router";
import type { ChatsNavigationState } from "./last-opened-chat";
import type { RemoveChatResult } from "~/chat/chat-api";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { ChatAvatar } from "./ChatAvatar";
import { FictionalMark } from "~/components/profiles/FictionalMark";

// The menu's dialogs load when the member opens one (the chat pages' JavaScript budget).
const BlockUserModal = lazy(() => import("~/components/profiles/BlockUserModal").then((module) => ({ default: module.BlockUserModal })));
const DeleteConversationModal = lazy(() =>
  import("./DeleteConversationModal").then((module) => ({ default: module.DeleteConversationModal })),
);

/**
 * The chat's top bar (product.md §2): back to the chats, the partner (their profile one tap away),
 * the credit badge, and the block and delete-conversation actions.
 */
export function ChatTopBar({
  partner,
  conversationId,
  credits,
  fictional,
}: {
  partner: ProfileCard;
  conversationId: number | null;
  credits: number | null;
  fictional: { icon: string; label: string };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"block" | "delete" | null>(null);
  return (
    <header className="chat-topbar">
      <Link
        to={href("/chats")}
        state={{ fromChat: true } satisfies ChatsNavigationState}
        className="chat-topbar__back"
        aria-label={t("chat:screen.back")}
      >
        <span aria-hidden="true">‹</span>
      </Link>
      <Link to={href("/members/:id", { id: String(partner.id) })} className="chat-topbar__partner">
        <ChatAvatar profile={partner} size={40} />
        {/* The partner's name is the chat page's heading. */}
        <div className="chat-topbar__name">
          <h1 className="chat-topbar__title">
            {partner.online && (
              <span className="online-dot" title={t("profileTile.online")}>
                <span className="visually-hidden">{t("profileTile.online")}</span>
              </span>
            )}
            {partner.name}, {partner.age}
            {partner.fictional && (
              <>
                {" "}
                <FictionalMark className="chat-topbar__fictional" icon={fictional.icon} label={fictional.label} />
              </>
            )}
          </h1>
          {partner.region && <span className="chat-topbar__region">{partner.region}</span>}
        </div>
      </Link>
      {credits !== null && (
        <Link
          to={href("/credits")}
          className={`badge chat-topbar__credits${credits === 0 ? " badge-danger" : ""}`}
          title={t("chat:screen.creditsTitle")}
        >
          {t("chat:credits", { count: credits })}
        </Link>
      )}
      <details className="chat-topbar__menu">
        <summary aria-label={t("chat:screen.menu")}>
          <span aria-hidden="true">⋮</span>
        </summary>
        <ul>
          <li>
            <button type="button" className="btn btn-link" onClick={() => setDialog("block")}>
              {t("members:actions.block")}
            </button>
          </li>
          {conversationId !== null && (
            <li>
              <button type="button" className="btn btn-link" onClick={() => setDialog("delete")}>
                {t("chat:delete.action")}
              </button>
            </li>
          )}
          <li>
            <Link to={`${href("/complaints")}?profile=${partner.id}`} className="btn btn-link">
              {t("members:actions.report")}
            </Link>
          </li>
        </ul>
      </details>
      <Suspense fallback={null}>
        {dialog === "block" && (
          <BlockUserModal
            profileId={partner.id}
            name={partner.name}
            open
            onClose={() => setDialog(null)}
            onBlocked={() => navigate(href("/chats"))}
            redirectTo={href("/chats")}
          />
        )}
        {dialog === "delete" && conversationId !== null && (
          <DeleteConversationModal
            name={partner.name}
            open
            onClose={() => setDialog(null)}
            onConfirm={async () => {
              const { requestJson } = await import("~/components/profiles/post-json");
              const reply = await requestJson<RemoveChatResult>("DELETE", href("/api/chat.php"), { conversation: conversationId });
              if (!reply.ok) return reply.message ?? t("chat:errors.removeFailed");
              void navigate(href("/chats"));
              return null;
            }}
          />
        )}
      </Suspense>
    </header>
  );
}
