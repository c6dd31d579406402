import { useTranslation } from "~/i18n/translation";
import { data, Link, href } from "react-router";
import type { Route } from "./+types/mail-change.do";
import { getUser } from "~/http/guards.server";
import { confirmEmailChange } from "~/accounts/settings.server";
import { mailedTokenSchema as tokenSchema, peekVerificationToken } from "~/accounts/verification.server";
import { TokenConfirmPage } from "~/components/layout/TokenConfirmPage";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readInput } from "~/http/forms.server";

/** GET only shows the address and a button: mail scanners following the link must not use it up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const parsed = tokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") });
  const pending = parsed.success ? await peekVerificationToken(db, { token: parsed.data.token, kind: "mail_change", now: now() }) : null;
  return {
    token: parsed.success ? parsed.data.token : null,
    newEmail: pending?.target ?? null,
    signedIn: getUser(context) !== null,
    title: `${getI18n(context).t("settings:mailChange.title")} · ${getSite(context).name}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, now } = getServices(context);
  const t = getI18n(context).t;
  const parsed = tokenSchema.safeParse(Object.fromEntries(await readInput(request)));
  if (!parsed.success) return data({ ok: false as const, error: t("messages.linkExpired") }, { status: 400 });
  const outcome = await confirmEmailChange(db, { token: parsed.data.token, siteId: getSite(context).id, now: now() });
  if (!outcome.ok) return data({ ok: false as const, error: t(`messages.${outcome.error}`) }, { status: 400 });
  return { ok: true as const, notice: t("settings:mailChange.done", { email: outcome.email }) };
}

export default function MailChangeDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const next = (
    <p>
      {loaderData.signedIn ? (
        <Link to={href("/settings")} className="btn btn-primary">
          {t("settings:backToSettings")}
        </Link>
      ) : (
        <Link to={href("/login")} className="btn btn-primary">
          {t("settings:mailChange.toLogin")}
        </Link>
      )}
    </p>
  );
  const outcome = actionData
    ? { ok: actionData.ok, message: actionData.ok ? actionData.notice : actionData.error }
    : loaderData.token && loaderData.newEmail
      ? null
      : { ok: false, message: t("messages.linkExpired") };
  return (
    <TokenConfirmPage
      title={t("settings:mailChange.title")}
      outcome={outcome}
      question={t("settings:mailChange.confirmText", { email: loaderData.newEmail })}
      confirmLabel={t("settings:mailChange.confirm")}
      token={loaderData.token ?? undefined}
      afterSuccess={next}
      afterFailure={next}
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
