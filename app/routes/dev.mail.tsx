import { Fragment } from "react";
import { data, Link, useSearchParams, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/dev.mail";
import { getServices, getSite } from "~/http/context.server";
import { findMail, latestMails } from "~/mail/outbox.server";
import { devInbox } from "~/routes/dev-inbox.server";
import { DevInboxTable } from "~/components/layout/DevInboxTable";

/** A developers' page: the adult entry warning would only be in the way. */
export const handle = { hideEntryWarning: true };

const querySchema = z.object({ id: z.coerce.number().int().positive().optional() });

const labelKeys = [
  "title",
  "intro",
  "empty",
  "listLabel",
  "to",
  "subject",
  "template",
  "status",
  "attempts",
  "time",
  "lastError",
  "textPart",
  "htmlPart",
  "previewTitle",
  "back",
] as const;
const statuses = ["queued", "sent", "failed", "given_up"] as const;

/**
 * The development inbox (ADR 008): the latest 50 mails of this site from the outbox, and one mail's
 * text and HTML. It exists only outside production; there it is a 404 like any unknown page.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const inbox = devInbox(context, { prefix: "mail:devOutbox", labels: labelKeys, statuses });
  const { db } = getServices(context);
  const site = getSite(context);
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  const selectedId = query.success ? query.data.id : undefined;
  const [mails, selected] = await Promise.all([latestMails(db, site.id), selectedId ? findMail(db, site.id, selectedId) : null]);
  if (selectedId && !selected) throw data(null, { status: 404 });

  return {
    siteName: inbox.siteName,
    labels: inbox.labels,
    statusLabels: inbox.statusLabels,
    mails: mails.map((mail) => ({ ...mail, createdAt: inbox.formatTime(mail.createdAt) })),
    selected: selected && {
      id: selected.id,
      to: selected.toAddress,
      subject: selected.subject,
      template: selected.template,
      status: selected.status,
      attempts: selected.attempts,
      lastError: selected.lastError,
      createdAt: inbox.formatTime(selected.createdAt),
      text: selected.text,
      html: selected.html,
    },
  };
}

/** The text part with its links clickable (activation and reset links are what a developer wants). */
function TextPart({ text }: { text: string }) {
  const pieces = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <pre className="dev-mail__text">
      {pieces.map((piece, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered.
          <a key={index} href={piece}>
            {piece}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, never reordered.
          <Fragment key={index}>{piece}</Fragment>
        ),
      )}
    </pre>
  );
}

export default function DevMail({ loaderData }: Route.ComponentProps) {
  const { labels, statusLabels, mails, selected } = loaderData;
  const [searchParams] = useSearchParams();
  // Keep other query parameters (a forced `?host=` in development) when moving between mails.
  const hrefWith = (id: number | null) => {
    const next = new URLSearchParams(searchParams);
    if (id === null) next.delete("id");
    else next.set("id", String(id));
    const query = next.toString();
    return query ? `?${query}` : href("/dev/mail");
  };
  return (
    <main id="main" className="container section dev-mail">
      <h1>{labels.title}</h1>
      <p className="lead">{labels.intro}</p>

      {selected && (
        <article className="dev-mail__mail" aria-labelledby="dev-mail-subject">
          <p>
            <Link to={hrefWith(null)}>← {labels.back}</Link>
          </p>
          <h2 id="dev-mail-subject">{selected.subject}</h2>
          <dl className="dev-mail__meta">
            <dt>{labels.to}</dt>
            <dd>{selected.to}</dd>
            <dt>{labels.template}</dt>
            <dd>{selected.template}</dd>
            <dt>{labels.status}</dt>
            <dd>
              <span className={`dev-mail__status dev-mail__status--${selected.status}`}>{statusLabels[selected.status]}</span>
            </dd>
            <dt>{labels.attempts}</dt>
            <dd>{selected.attempts}</dd>
            <dt>{labels.time}</dt>
            <dd>{selected.createdAt}</dd>
            {selected.lastError && (
              <>
                <dt>{labels.lastError}</dt>
                <dd className="dev-mail__error">{selected.lastError}</dd>
              </>
            )}
          </dl>
          <h3>{labels.htmlPart}</h3>
          {/* An empty sandbox: the mail's HTML can run nothing, submit nothing and reach nothing of the app. */}
          <iframe className="dev-mail__frame" title={labels.previewTitle} sandbox="" srcDoc={selected.html} />
          <h3>{labels.textPart}</h3>
          <TextPart text={selected.text} />
        </article>
      )}

      <DevInboxTable
        caption={labels.listLabel}
        empty={labels.empty}
        headings={[labels.time, labels.to, labels.subject, labels.template, labels.status]}
        rows={mails}
        current={(mail) => selected?.id === mail.id}
        cells={(mail) => (
          <>
            <td>{mail.to}</td>
            <td>
              <Link to={hrefWith(mail.id)}>{mail.subject}</Link>
            </td>
            <td>{mail.template}</td>
            <td>
              <span className={`dev-mail__status dev-mail__status--${mail.status}`}>{statusLabels[mail.status]}</span>
            </td>
          </>
        )}
      />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: `${loaderData.labels.title} · ${loaderData.siteName}` }, { name: "robots", content: "noindex" }] : [];
