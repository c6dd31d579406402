import { Form, Link, useNavigation, href } from "react-router";
import { useFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/translation";
import { CONVERSATION_DECISIONS } from "~/moderation/conversation-decisions";
import type { QueuedConversation } from "~/safety/flagged-conversations.server";

/**
 * The moderators' queue of flagged and reported conversations (ADR 053): the last messages of both
 * sides with the safety check's reasons, the reports, and per member the decisions (dismiss, warn,
 * remove photos, ban).
 */
export function FlaggedConversations({ conversations, total }: { conversations: QueuedConversation[]; total: number }) {
  const { t } = useTranslation();
  return (
    <section id="conversations" className="moderation__section" aria-labelledby="conversations-title">
      <h2 id="conversations-title">{t("photos:moderation.conversations.title")}</h2>
      <p className="field-hint">{t("photos:moderation.conversations.intro")}</p>
      {total === 0 ? (
        <p>{t("photos:moderation.conversations.empty")}</p>
      ) : (
        <ul className="moderation-conversations">
          {conversations.map((conversation) => (
            <ConversationCard key={conversation.conversationId} conversation={conversation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConversationCard({ conversation }: { conversation: QueuedConversation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  const names = new Map(conversation.members.map((member) => [member.id, member.name]));
  const through = conversation.messages.at(-1)?.id ?? 0;
  return (
    <li className="moderation-conversation" aria-label={t("photos:moderation.conversations.label", { id: conversation.conversationId })}>
      <p>
        {conversation.members.map((member, index) => (
          <span key={member.id}>
            {index > 0 && " ↔ "}
            <Link to={href("/members/:id", { id: String(member.id) })}>{member.name}</Link>
            {member.banned && <span className="badge badge-danger">{t("photos:moderation.complaints.ban.banned")}</span>}
          </span>
        ))}
      </p>
      {conversation.reports.length > 0 && (
        <p className="badge badge-warning">
          {t("photos:moderation.conversations.reported", {
            count: conversation.reports.length,
            names: conversation.reports.map((report) => names.get(report.reporterProfileId ?? 0) ?? "?").join(", "),
          })}
        </p>
      )}
      <ol className="moderation-conversation__messages">
        {conversation.messages.map((message) => (
          <li key={message.id} className={message.safety.length > 0 ? "is-flagged" : undefined}>
            <strong>{names.get(message.senderId)}</strong> <span className="field-hint">{format.date(message.at)}</span>{" "}
            {message.text ?? t(`photos:moderation.conversations.kinds.${message.kind}`)}
            {message.safety.map((reason) => (
              <span key={reason} className="badge badge-warning">
                {t(`photos:moderation.conversations.reasons.${reason}`)}
              </span>
            ))}
          </li>
        ))}
      </ol>
      {conversation.members.map((member) => (
        <Form method="post" preventScrollReset key={member.id} className="moderation__actions">
          <input type="hidden" name="intent" value="decide_conversation" />
          <input type="hidden" name="conversationId" value={conversation.conversationId} />
          <input type="hidden" name="profileId" value={member.id} />
          <input type="hidden" name="throughMessageId" value={through} />
          <span>{member.name}:</span>
          {CONVERSATION_DECISIONS.map((decision) => (
            <button
              key={decision}
              type="submit"
              name="decision"
              value={decision}
              className={`btn btn-sm ${decision === "ban" ? "btn-danger" : "btn-outline"}`}
              disabled={busy || (decision === "ban" && member.banned)}
            >
              {t(`photos:moderation.conversations.decisions.${decision}`, { name: member.name })}
            </button>
          ))}
        </Form>
      ))}
    </li>
  );
}
