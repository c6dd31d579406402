import { useTranslation } from "~/i18n/translation";
import { Form, Link, href } from "react-router";
import { Notice } from "./SettingsSection";

/** product.md §10: invisible mode (premium) keeps a member out of search, swipe and match finder. */
export function InvisibleModeSection({
  paidUser,
  invisible,
  notice,
  error,
  busy,
}: {
  paidUser: boolean;
  invisible: boolean;
  notice?: string;
  error?: string;
  busy: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <p>{t("settings:invisible.text")}</p>
      <Notice text={notice} />
      <Notice text={error} tone="danger" />
      {paidUser ? (
        <>
          <p className="settings-state">
            <strong>{t(invisible ? "settings:invisible.isOn" : "settings:invisible.isOff")}</strong>
          </p>
          <InvisibleToggle invisible={!invisible} busy={busy} />
        </>
      ) : (
        <p>
          {t("settings:invisible.premiumOnly")} <Link to={href("/premium")}>{t("settings:invisible.becomePremium")}</Link>
        </p>
      )}
    </>
  );
}

/** A one-button form switching invisible mode on (a "pause") or off. */
export function InvisibleToggle({ invisible, busy, label }: { invisible: boolean; busy: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action={href("/settings")}>
      <input type="hidden" name="intent" value="invisible" />
      <input type="hidden" name="invisible" value={invisible ? "on" : "off"} />
      <button type="submit" className={`btn ${invisible ? "btn-primary" : "btn-outline"}`} disabled={busy}>
        {label ?? t(invisible ? "settings:invisible.turnOn" : "settings:invisible.turnOff")}
      </button>
    </Form>
  );
}
