/**
 * What the development inboxes (/dev/mail, /dev/sms) share: they answer 404 outside development
 * like any unknown page, their labels travel with the data (their namespaces stay on the server),
 * and times show in the site's time zone.
 */
import { data, type RouterContextProvider } from "react-router";
import { isDevelopment } from "~/env.server";
import { localeTag } from "~/i18n/format";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { dateTimeFormat } from "~/i18n/intl";

export function devInbox<Label extends string, Status extends string>(
  context: Readonly<RouterContextProvider>,
  texts: { prefix: string; labels: readonly Label[]; statuses: readonly Status[] },
) {
  if (!isDevelopment(getServices(context).env)) throw data(null, { status: 404 });
  const site = getSite(context);
  const { t } = getI18n(context);
  const translated = <Key extends string>(keys: readonly Key[], prefix: string) =>
    Object.fromEntries(keys.map((key) => [key, t(`${prefix}.${key}`)])) as Record<Key, string>;
  const time = dateTimeFormat(localeTag(getLocale(context)), {
    dateStyle: "short",
    timeStyle: "medium",
    timeZone: site.settings.timeZone,
  });
  return {
    siteName: site.name,
    labels: translated(texts.labels, texts.prefix),
    statusLabels: translated(texts.statuses, `${texts.prefix}.statuses`),
    formatTime: (date: Date) => time.format(date),
  };
}
