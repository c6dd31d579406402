import { useTranslation } from "~/i18n/translation";
import { data, Link, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications.unsubscribe";
import { findUnsubscribeLink, unsubscribe, unsubscribeOneClick } from "~/accounts/unsubscribe.server";
import { TokenConfirmPage } from "~/components/layout/TokenConfirmPage";
import { getServices, getSite } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { getI18n } from "~/http/i18n.server";

/**
 * The unsubscribe link of a notification e-mail. GET asks first (mail scanners follow links); this
 * page's button switches that type's e-mails off. The mail program's one-click request (RFC 8058:
 * `List-Unsubscribe=One-Click` posted to this URL from the mail's header) switches e-mail off with
 * the reason `listunsubscribe` (app/accounts/unsubscribe.server.ts).
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

/** A mail client's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click`. */
const oneClickForm = z.object({ "List-Unsubscribe": z.unknown().optional() });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, now } = getServices(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const input = await readInput(request, oneClickForm, { from: "values" });
  const oneClick = input.success && input.data["List-Unsubscribe"] === "One-Click";
  const type = await (oneClick ? unsubscribeOneClick : unsubscribe)(db, token, now());
  if (!type) return data({ type: null }, { status: 400 });
  return { type };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const typeName = (type: string) => t(`settings:notifications.types.${type}`);
  const outcome = actionData?.type
    ? { ok: true, message: t("settings:unsubscribe.done", { type: typeName(actionData.type) }) }
    : actionData || !loaderData.type
      ? { ok: false, message: t("settings:unsubscribe.invalid") }
      : null;
  return (
    <TokenConfirmPage
      title={t("settings:unsubscribe.title")}
      className="container narrow section"
      outcome={outcome}
      question={loaderData.type ? t("settings:unsubscribe.question", { type: typeName(loaderData.type) }) : null}
      confirmLabel={t("settings:unsubscribe.confirm")}
      // The action reads the token from the URL (the provider's one-click POST goes there too).
      footer={
        <p>
          <Link to={href("/notifications")}>{t("settings:unsubscribe.manage")}</Link>
        </p>
      }
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
