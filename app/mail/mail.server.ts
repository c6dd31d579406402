/**
 * Sending e-mail. Every mail is rendered in the member's language from `locales/<lng>/mail.json`,
 * recorded in `mail_outbox`, and handed to the configured provider right away (inside
 * `ctx.waitUntil` when a request context is given, so the member does not wait for it). A failed
 * send stays in the outbox as `failed`; the cron job `send-mail` retries it with back-off. ADR 008.
 *
 * CONTRACT used by the account features (keep this signature):
 *   sendMail(deps, { template, to, userId, locale, params }) — params always include `name` and
 *   `link` (an absolute URL); the site's name and support details are added here.
 */
import { eq } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { schema, type Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { deliverMail } from "~/mail/delivery.server";
import { recordMail, recordMailIfChanged } from "~/mail/outbox.server";
import type { MailProvider } from "~/mail/providers/provider.server";
import { mailProviderFor } from "~/mail/providers/select.server";
import { renderMail, type MailRequest } from "~/mail/render.server";
import { senderFor } from "~/mail/sender.server";
import { domainLanguageOf } from "~/i18n/languages";
import { localizeText } from "~/sites/site-texts";
import type { Site } from "~/sites/site.server";

export { renderMail, type MailParams, type MailRequest, type RenderedMail } from "~/mail/render.server";
export type { MailTemplate } from "~/mail/templates.server";

export type MailDeps = {
  db: Database;
  env: AppEnv;
  site: Site;
  now: Date;
  ctx?: ExecutionContext;
  /** Defaults to the provider the environment names (MAIL_PROVIDER); tests pass a fake. */
  provider?: MailProvider;
};

/** The outbox row's fields of `mail`, rendered in the recipient's language; throws unless `to` is one address. */
async function outboxFields(deps: MailDeps, mail: MailRequest, caller: string) {
  if (!mail.to || /[\r\n,;<>]/.test(mail.to)) throw new Error(`${caller}: not a single e-mail address: ${JSON.stringify(mail.to)}`);
  return {
    siteId: deps.site.id,
    userId: mail.userId ?? null,
    to: mail.to,
    template: mail.template,
    rendered: await renderMail(deps.site, mail),
    now: deps.now,
  };
}

/**
 * A mail written in the same transaction as the change it tells of (ADR 056): `statement` goes into
 * that change's batch right after the statement whose change it follows, and records the mail only
 * if that statement changed a row; `deliver` takes the statement's result and starts the first
 * attempt (after the response, with a request context).
 */
export async function mailInBatch(deps: MailDeps, mail: MailRequest) {
  const fields = await outboxFields(deps, mail, "mailInBatch");
  const { rendered } = fields;
  const statement = recordMailIfChanged(deps.db, fields);
  const deliver = (rows: { id: number }[]) => {
    const id = rows[0]?.id;
    if (id === undefined) return;
    const delivery = deps.db.query.mailOutbox
      .findFirst({ where: eq(schema.mailOutbox.id, id) })
      .then((row) =>
        row ? deliverMail(deps.db, deps.provider ?? mailProviderFor(deps.env), row, senderOf(deps, rendered.language), deps.now) : null,
      );
    if (deps.ctx) deps.ctx.waitUntil(delivery);
    else return delivery;
  };
  return { statement, deliver };
}

/** A mail for another change's batch: its statement, and what delivers it once that batch ran. */
export type BatchMail = Awaited<ReturnType<typeof mailInBatch>>;

/** The sender name in the recipient's language, not the requesting visitor's (product.md §10 "Sites"). */
function senderOf(deps: MailDeps, language: string) {
  return senderFor(
    { ...deps.site, mailName: localizeText(deps.site.settings.mailName, language, domainLanguageOf(deps.site.domainLanguage)) },
    deps.env,
  );
}

/**
 * Records the mail and starts its first delivery attempt; resolves with the outbox row's id.
 * `alongside` is written in the same transaction as the outbox row (the console's audit entry).
 */
export async function sendMail(deps: MailDeps, mail: MailRequest, alongside: BatchItem<"sqlite">[] = []): Promise<{ id: number }> {
  const fields = await outboxFields(deps, mail, "sendMail");
  const { rendered } = fields;
  const row = await recordMail(deps.db, fields, alongside);
  const delivery = deliverMail(deps.db, deps.provider ?? mailProviderFor(deps.env), row, senderOf(deps, rendered.language), deps.now);
  if (deps.ctx) deps.ctx.waitUntil(delivery);
  else await delivery;
  return { id: row.id };
}
