import { useTranslation } from "~/i18n/translation";
import { data, Link, redirect, href } from "react-router";
import type { Route } from "./+types/account-recover";
import { recoverWithToken } from "~/accounts/deletion.server";
import { mailedTokenSchema as tokenSchema, peekVerificationToken } from "~/accounts/verification.server";
import { TokenConfirmPage } from "~/components/layout/TokenConfirmPage";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readInput } from "~/http/forms.server";
import { startSession } from "~/http/sessions.server";
import { getUser } from "~/http/guards.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

/** After the account came back (the action's redirect): the member is signed in. */
const RECOVERED = "recovered";

/**
 * GET only shows a button: mail scanners following the link must not use it up. `?recovered` (the
 * action's redirect) shows the outcome to the member it signed in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const url = new URL(request.url);
  const title = `${getI18n(context).t("settings:recover.title")} · ${getSite(context).name}`;
  if (url.searchParams.has(RECOVERED) && getUser(context)) return { token: null, recovered: true, title };
  const parsed = tokenSchema.safeParse({ token: url.searchParams.get("token") });
  const valid =
    parsed.success && (await peekVerificationToken(db, { token: parsed.data.token, kind: "account_recovery", now: now() })) !== null;
  return { token: valid && parsed.success ? parsed.data.token : null, recovered: false, title };
}

/** Uses the link once, restores the account within the grace period and signs the member in. */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, now } = getServices(context);
  const site = getSite(context);
  const t = getI18n(context).t;
  const expired = () => data({ error: t("messages.linkExpired") }, { status: 400 });
  const parsed = tokenSchema.safeParse(Object.fromEntries(await readInput(request)));
  if (!parsed.success) return expired();
  const userId = await recoverWithToken(db, {
    token: parsed.data.token,
    siteId: site.id,
    graceDays: site.settings.deletionGraceDays,
    now: now(),
  });
  if (userId === null) return expired();
  // A new request, signed in: the whole page (navigation and all) shows the member.
  return redirect(`${href("/account-recover")}?${RECOVERED}`, {
    headers: { "Set-Cookie": await startSession(db, userId, request, now()) },
  });
}

export default function AccountRecover({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const outcome = actionData
    ? { ok: false, message: actionData.error }
    : loaderData.recovered
      ? { ok: true, message: t("settings:recover.done") }
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
          <Link to={href("/")} className="btn btn-primary">
            {t("settings:recover.home")}
          </Link>
        </p>
      }
      afterFailure={
        <>
          <p>{t("settings:recover.expiredHelp")}</p>
          <p>
            <Link to={href("/login")} className="btn btn-primary">
              {t("settings:deleted.login")}
            </Link>
          </p>
        </>
      }
    />
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
