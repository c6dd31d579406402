import { useTranslation } from "~/i18n/translation";
import { Form } from "react-router";
import { preferenceField, type NotificationChannel } from "~/accounts/notification-channels";

/**
 * The notification types of product.md §3 against the channels (push, e-mail): a ticked box means
 * the member receives that notification on that channel.
 */
export function NotificationPreferencesTable({
  types,
  channels,
  preferences,
  busy,
}: {
  types: readonly string[];
  channels: readonly NotificationChannel[];
  preferences: Record<string, Record<NotificationChannel, boolean>>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" className="notification-preferences">
      <input type="hidden" name="intent" value="save" />
      <div className="notification-preferences__scroll">
        <table className="table notification-preferences__table">
          <caption className="visually-hidden">{t("settings:notifications.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("settings:notifications.type")}</th>
              {channels.map((channel) => (
                <th scope="col" key={channel} className="notification-preferences__channel">
                  {t(`settings:notifications.channels.${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {types.map((type) => (
              <tr key={type}>
                <th scope="row">{t(`settings:notifications.types.${type}`)}</th>
                {channels.map((channel) => (
                  <td key={channel} className="notification-preferences__channel">
                    <input
                      type="checkbox"
                      name={preferenceField(type, channel)}
                      defaultChecked={preferences[type]?.[channel] ?? true}
                      aria-label={t("settings:notifications.checkboxLabel", {
                        type: t(`settings:notifications.types.${type}`),
                        channel: t(`settings:notifications.channels.${channel}`),
                      })}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("settings:notifications.save")}
      </button>
    </Form>
  );
}
