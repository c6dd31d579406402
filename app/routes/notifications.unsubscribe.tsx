import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/notifications.unsubscribe";
import { findUnsubscribeLink, unsubscribe } from "~/accounts/unsubscribe.server";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";

/**
 * The unsubscribe link of a notification e-mail. GET asks first (mail scanners follow links); a
 * POST switches that type's e-mails off, whether it comes from this page's button or from the mail
 * provider's one-click request (RFC 8058: `List-Unsubscribe=One-Click` posted to this URL).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findUnsubscribeLink(db, token, now());
  return {
    type: link?.type ?? null,
    title: `${getI18n(context).t("settings:unsubscribe.title")} · ${getSite(context).name}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, now } = getServices(context);
  const type = await unsubscribe(db, new URL(request.url).searchParams.get("token") ?? "", now());
  if (!type) return data({ type: null }, { status: 400 });
  return { type };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const typeName = (type: string) => t(`settings:notifications.types.${type}`);
  let body: React.ReactNode;
  if (actionData?.type) {
    body = (
      <div className="alert alert-success" role="status">
        <p>{t("settings:unsubscribe.done", { type: typeName(actionData.type) })}</p>
      </div>
    );
  } else if (actionData || !loaderData.type) {
    body = (
      <div className="alert alert-danger" role="alert">
        <p>{t("settings:unsubscribe.invalid")}</p>
      </div>
    );
  } else {
    body = (
      <Form method="post" className="form-stack">
        <p>{t("settings:unsubscribe.question", { type: typeName(loaderData.type) })}</p>
        <p>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t("settings:unsubscribe.confirm")}
          </button>
        </p>
      </Form>
    );
  }
  return (
    <main id="main" className="container narrow section">
      <h1>{t("settings:unsubscribe.title")}</h1>
      {body}
      <p>
        <Link to="/notifications">{t("settings:unsubscribe.manage")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : []);
