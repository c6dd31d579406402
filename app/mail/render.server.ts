/**
 * Renders a mail in the member's language from `locales/<lng>/mail.json`: subject, preheader, a
 * plain-text part and an HTML part. A missing translation or an unfilled `{{placeholder}}` throws,
 * so a broken template fails in tests instead of reaching a member.
 */
import { createInstance, type i18n as I18n } from "i18next";
import { TOKEN_TTL_SECONDS } from "~/security/tokens.server";
import { defaultLanguage, isLanguage, type Language } from "~/i18n/languages";
import { resources } from "~/i18n/resources.server";
import { mailHtml, mailText, type MailContent } from "~/mail/layout.server";
import { isNotificationTemplate, type MailTemplate } from "~/mail/templates.server";
import type { Site } from "~/sites/site.server";
import { displayNames } from "~/i18n/intl";

export type MailParams = {
  /** The member's profile name. */
  name: string;
  /** The absolute URL behind the button. */
  link: string;
} & Record<string, string | number>;

export type MailRequest = {
  template: MailTemplate;
  to: string;
  userId?: number | null;
  locale: string;
  /**
   * `name` and `link` always; `reason` adds the template's `reason` paragraph (account_banned, from
   * an operator); optional numbers `credits` (activation), `days` (account_deleted) and
   * `minutes` (password_reset) default to the site's settings; notification templates need
   * `unsubscribeUrl`. The site's name, support address and company are added here.
   */
  params: MailParams;
};

export type RenderedMail = { language: Language; subject: string; preheader: string; text: string; html: string };

const instances = new Map<Language, I18n>();

function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: language,
      resources,
      ns: ["mail"],
      defaultNS: "mail",
      fallbackLng: false,
      initAsync: false,
      // Values are escaped by the HTML layout, not by i18next (the text part needs them raw).
      interpolation: { escapeValue: false },
    });
    instances.set(language, instance);
  }
  return instance;
}

type Values = Record<string, string | number>;

function translator(language: Language) {
  const i18n = i18nFor(language);
  const check = (key: string, value: string) => {
    if (value.includes("{{")) throw new Error(`mail:${key} (${language}) has an unfilled placeholder: ${value}`);
    return value;
  };
  const require = (key: string, values: Values) => {
    if (!i18n.exists(key, values)) throw new Error(`mail:${key} is missing in ${language}`);
  };
  return {
    text(key: string, values: Values = {}): string {
      require(key, values);
      return check(key, i18n.t(key, values));
    },
    /** A text the template may have, used only when its values are given (a reason the sender gave). */
    optional(key: string, values: Values): string | null {
      if (!i18n.exists(key, values) || !String(values.reason ?? "").trim()) return null;
      return check(key, i18n.t(key, values));
    },
    list(key: string, values: Values): string[] {
      require(key, values);
      const value: unknown = i18n.t(key, { ...values, returnObjects: true });
      if (!Array.isArray(value)) throw new Error(`mail:${key} (${language}) must be a list of paragraphs`);
      return value.map((item, index) => check(`${key}.${index}`, String(item)));
    },
  };
}

function absoluteUrl(value: unknown, what: string): string {
  const url = typeof value === "string" && URL.canParse(value) ? new URL(value) : null;
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:"))
    throw new Error(`mail ${what} must be an absolute http(s) URL: ${String(value)}`);
  return url.toString();
}

/** "Herengracht 420, 1017 BZ Amsterdam, Nederland": the company's address in the mail's language. */
function companyAddress(company: Site["company"], language: Language): string {
  let country = company.country;
  try {
    country = displayNames(language, { type: "region" }).of(company.country) ?? company.country;
  } catch {
    // an unknown region code stays as it is
  }
  return `${company.address}, ${company.zip} ${company.city}, ${country}`;
}

/** A template's `reason` paragraph, when the sender gave one, comes right after the first paragraph (what happened). */
const withReason = (paragraphs: string[], reason: string | null) =>
  reason === null ? paragraphs : [...paragraphs.slice(0, 1), reason, ...paragraphs.slice(1)];

/** Subject lines are a header: never let a value break it onto a new line. */
const singleLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

export async function renderMail(site: Site, mail: MailRequest): Promise<RenderedMail> {
  const language = isLanguage(mail.locale) ? mail.locale : defaultLanguage;
  const t = translator(language);
  const link = absoluteUrl(mail.params.link, "link");
  const notification = isNotificationTemplate(mail.template);
  const unsubscribeUrl = notification ? absoluteUrl(mail.params.unsubscribeUrl, "unsubscribeUrl") : null;
  const numbers = {
    credits: Number(mail.params.credits ?? site.settings.signupCredits),
    days: Number(mail.params.days ?? site.settings.deletionGraceDays),
    minutes: Number(mail.params.minutes ?? TOKEN_TTL_SECONDS.password_reset / 60),
  };
  const values: Values = {
    siteName: site.name,
    supportEmail: site.settings.supportEmail,
    companyName: site.company.name,
    companyAddress: companyAddress(site.company, language),
    ...mail.params,
    ...numbers,
    link,
    // Amounts with their noun in the right plural form ("1 dag", "14 dagen"; Polish few/many).
    freeCredits: t.text("units.credits", { count: numbers.credits }),
    recoveryPeriod: t.text("units.days", { count: numbers.days }),
    linkValidity: t.text("units.minutes", { count: numbers.minutes }),
  };
  const section = mail.template;
  const content: MailContent = {
    language,
    siteName: site.name,
    brandColor: site.settings.brand.primary,
    subject: singleLine(t.text(`${section}.subject`, values)),
    preheader: t.text(`${section}.preheader`, values),
    greeting: t.text("greeting", values),
    paragraphs: withReason(t.list(`${section}.paragraphs`, values), t.optional(`${section}.reason`, values)),
    action: { label: t.text(`${section}.action`, values), url: link },
    linkFallback: t.text("linkFallback", values),
    notice: t.text(`${section}.notice`, values),
    signoff: [t.text("signoff", values), t.text("team", values)],
    footer: {
      reason: t.text(notification ? "footer.reasonNotification" : "footer.reasonAccount", values),
      noReply: t.text("footer.noReply", values),
      company: t.text("footer.company", values),
      supportEmail: site.settings.supportEmail,
      ...(unsubscribeUrl ? { unsubscribe: { label: t.text("footer.unsubscribe", values), url: unsubscribeUrl } } : {}),
    },
  };
  return { language, subject: content.subject, preheader: content.preheader, text: mailText(content), html: mailHtml(content) };
}
