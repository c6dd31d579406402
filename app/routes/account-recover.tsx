import { useTranslation } from "~/i18n/translation";
import { data, Link } from "react-router";
import type { Route } from "./+types/account-recover";
import { recoverWithToken } from "~/accounts/deletion.server";
import { mailedTokenSchema as tokenSchema, peekVerificationToken } from "~/accounts/verification.server";
import { TokenConfirmPage } from "~/components/layout/TokenConfirmPage";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readForm } from "~/http/forms.server";
import { startSession } from "~/http/sessions.server";

/** GET only shows a button: mail scanners following the link must not use it up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const parsed = tokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") });
  const valid =
    parsed.success && (await peekVerificationToken(db, { token: parsed.data.token, kind: "account_recovery", now: now() })) !== null;
  return {
    token: valid && parsed.success ? parsed.data.token : null,
    title: `${getI18n(context).t("settings:recover.title")} · ${getSite(context).name}`,
  };
}

/** Uses the link once, restores the account within the grace period and signs the member in. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, now } = getServices(context);
  const site = getSite(context);
  const t = getI18n(context).t;
  const expired = () => data({ ok: false as const, error: t("messages.linkExpired") }, { status: 400 });
  const parsed = tokenSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return expired();
  const userId = await recoverWithToken(db, {
    token: parsed.data.token,
    siteId: site.id,
    graceDays: site.settings.deletionGraceDays,
    now: now(),
  });
  if (userId === null) return expired();
  const cookie = await startSession(db, userId, request, now());
  return data({ ok: true as const, notice: t("settings:recover.done") }, { headers: { "Set-Cookie": cookie } });
}

export default function AccountRecover({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const outcome = actionData
    ? { ok: actionData.ok, message: actionData.ok ? actionData.notice : actionData.error }
    : loaderData.token
      ? null
      : { ok: false, message: t("messages.linkExpired") };
  return (
    <TokenConfirmPage
      title={t("settings:recover.title")}
      outcome={outcome}
      question={t("settings:recover.text")}
      confirmLabel={t("settings:recover.submit")}
      token={loaderData.token ?? undefined}
      afterSuccess={
        <p>
          <Link to="/" className="btn btn-primary">
            {t("settings:recover.home")}
          </Link>
        </p>
      }
      afterFailure={
        <>
          <p>{t("settings:recover.expiredHelp")}</p>
          <p>
            <Link to="/login" className="btn btn-primary">
              {t("settings:deleted.login")}
            </Link>
          </p>
        </>
      }
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
