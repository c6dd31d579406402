/**
 * Sending e-mail. Every mail is rendered in the member's language from `locales/<lng>/mail.json`
 * and recorded in `mail_outbox`; delivery goes through the configured provider.
 *
 * CONTRACT used by the account features (keep this signature):
 *   sendMail(deps, { template, to, userId, locale, params }) — params always include `name` and
 *   `link` (an absolute URL); the site's name and support details are added here.
 */
import { createInstance } from "i18next";
import type { Database } from "~/db/client.server";
import { schema } from "~/db/client.server";
import type { AppEnv } from "~/env.server";
import { defaultLanguage, isLanguage } from "~/i18n/languages";
import { resources } from "~/i18n/resources.server";
import type { Site } from "~/sites/site.server";

export type MailTemplate = "activation" | "password_reset" | "mail_change" | "account_deleted";

export type MailDeps = { db: Database; env: AppEnv; site: Site; now: Date; ctx?: ExecutionContext };

export type MailRequest = {
  template: MailTemplate;
  to: string;
  userId?: number | null;
  locale: string;
  params: { name: string; link: string } & Record<string, string | number>;
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export async function renderMail(site: Site, mail: MailRequest) {
  const language = isLanguage(mail.locale) ? mail.locale : defaultLanguage;
  const i18n = createInstance();
  await i18n.init({ lng: language, resources, ns: ["mail"], defaultNS: "mail", fallbackLng: false, interpolation: { escapeValue: false } });
  const params = { siteName: site.name, supportEmail: site.settings.supportEmail, ...mail.params };
  const subject = i18n.t(`${mail.template}.subject`, params);
  const paragraphs = i18n.t(`${mail.template}.paragraphs`, { ...params, returnObjects: true }) as unknown;
  const lines = Array.isArray(paragraphs) ? paragraphs.map(String) : [String(paragraphs)];
  const action = i18n.t(`${mail.template}.action`, params);
  const text = [...lines, "", `${action}: ${mail.params.link}`].join("\n\n");
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(mail.params.link)}">${escapeHtml(action)}</a></p>`,
  ].join("\n");
  return { subject, text, html, language };
}

export async function sendMail(deps: MailDeps, mail: MailRequest): Promise<{ id: number }> {
  const rendered = await renderMail(deps.site, mail);
  const [row] = await deps.db
    .insert(schema.mailOutbox)
    .values({
      siteId: deps.site.id,
      userId: mail.userId ?? null,
      toAddress: mail.to,
      template: mail.template,
      locale: rendered.language,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      status: "queued",
      sendAfter: deps.now,
    })
    .returning({ id: schema.mailOutbox.id });
  return { id: row!.id };
}
