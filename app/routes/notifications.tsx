import { lazy, Suspense } from "react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/notifications";
import {
  loadNotificationPreferences,
  notificationTypes,
  preferencesFromForm,
  reenableEmail,
  saveNotificationPreferences,
  turnOffAllEmails,
} from "~/accounts/notification-preferences.server";
import { NOTIFICATION_CHANNELS } from "~/accounts/notification-channels";
import { NotificationPreferencesTable } from "~/components/settings/NotificationPreferencesTable";
import { Notice } from "~/components/settings/SettingsSection";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readInput } from "~/http/forms.server";
import { requireUser } from "~/http/guards.server";

/** This browser's push state and the enable button (ADR 026: loaded after the page). */
const PushSettings = lazy(() => import("~/components/push/PushPanel").then((module) => ({ default: module.PushSettings })));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  return {
    types: notificationTypes,
    channels: NOTIFICATION_CHANNELS,
    preferences: await loadNotificationPreferences(getServices(context).db, user.id),
    emailDisabledReason: user.emailDisabledReason,
    title: `${getI18n(context).t("settings:notifications.title")} · ${getSite(context).name}`,
  };
}

/** Intents: `save` the table, `emails_off` (every e-mail off), `email_on` (after a bounce, complaint or unsubscribe). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { db } = getServices(context);
  const t = getI18n(context).t;
  const formData = await readInput(request);
  switch (formData.get("intent")) {
    case "save":
      await saveNotificationPreferences(db, user.id, preferencesFromForm(formData));
      return { notice: t("settings:notifications.saved") };
    case "emails_off":
      await turnOffAllEmails(db, user.id);
      return { notice: t("settings:notifications.allEmailsOffDone") };
    case "email_on":
      await reenableEmail(db, user.id);
      return { notice: t("settings:notifications.emailDisabled.enabled") };
    default:
      return data({ error: t("messages.generic") }, { status: 400 });
  }
}

export default function Notifications({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { emailDisabledReason, preferences } = loaderData;
  return (
    <main id="main" className="container narrow section notifications-page">
      <h1>{t("settings:notifications.title")}</h1>
      <p className="lead">{t("settings:notifications.intro")}</p>
      {actionData && "notice" in actionData && <Notice text={actionData.notice} />}
      {actionData && "error" in actionData && <Notice text={actionData.error} tone="danger" />}

      {emailDisabledReason && (
        <div className="alert alert-warning email-disabled" role="status">
          <p>
            <strong>{t("settings:notifications.emailDisabled.title")}</strong>
          </p>
          <p>{t(`settings:notifications.emailDisabled.${emailDisabledReason}`)}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="email_on" />
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
              {t("settings:notifications.emailDisabled.enable")}
            </button>
          </Form>
        </div>
      )}

      <NotificationPreferencesTable
        key={JSON.stringify(preferences)}
        types={loaderData.types}
        channels={loaderData.channels}
        preferences={preferences}
        busy={busy}
      />

      <Suspense>
        <PushSettings />
      </Suspense>

      <div className="notifications-page__shortcut">
        <p>{t("settings:notifications.allEmailsOffText")}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="emails_off" />
          <button type="submit" className="btn btn-outline" disabled={busy}>
            {t("settings:notifications.allEmailsOff")}
          </button>
        </Form>
      </div>
      <p>
        <Link to={href("/settings")}>{t("settings:backToSettings")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
