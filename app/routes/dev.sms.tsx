import type { Route } from "./+types/dev.sms";
import { getServices, getSite } from "~/http/context.server";
import { latestSms } from "~/sms/sms.server";
import { devInbox } from "~/routes/dev-inbox.server";
import { DevInboxTable } from "~/components/layout/DevInboxTable";

/** A developers' page: the adult entry warning would only be in the way. */
export const handle = { hideEntryWarning: true };

const labelKeys = ["title", "intro", "empty", "listLabel", "time", "to", "body", "status", "lastError"] as const;
const statuses = ["recorded", "sent", "failed"] as const;

/**
 * The development phone: the latest 50 text messages of this site from sms_outbox (the
 * direct-debit codes), newest first. It exists only outside production; there it is a 404 like
 * any unknown page (as /dev/mail).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const inbox = devInbox(context, { prefix: "directdebit:devSms", labels: labelKeys, statuses });
  const messages = await latestSms(getServices(context).db, getSite(context).id);
  return {
    siteName: inbox.siteName,
    labels: inbox.labels,
    statusLabels: inbox.statusLabels,
    messages: messages.map((message) => ({ ...message, createdAt: inbox.formatTime(message.createdAt) })),
  };
}

export default function DevSms({ loaderData }: Route.ComponentProps) {
  const { labels, statusLabels, messages } = loaderData;
  return (
    <main id="main" className="container section dev-mail dev-sms">
      <h1>{labels.title}</h1>
      <p className="lead">{labels.intro}</p>
      <DevInboxTable
        caption={labels.listLabel}
        empty={labels.empty}
        headings={[labels.time, labels.to, labels.body, labels.status]}
        rows={messages}
        cells={(message) => (
          <>
            <td>{message.to}</td>
            <td className="dev-sms__body">{message.body}</td>
            <td>
              <span className={`dev-mail__status dev-mail__status--${message.status}`}>{statusLabels[message.status]}</span>
              {message.lastError && (
                <p className="dev-mail__error">
                  {labels.lastError}: {message.lastError}
                </p>
              )}
            </td>
          </>
        )}
      />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: `${loaderData.labels.title} · ${loaderData.siteName}` }, { name: "robots", content: "noindex" }] : [];
