import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-recover";
import { recoverWithToken } from "~/accounts/deletion.server";
import { peekVerificationToken } from "~/accounts/verification.server";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readForm } from "~/http/forms.server";
import { startSession } from "~/http/sessions.server";

const tokenSchema = z.object({ token: z.string().regex(/^[a-z2-7]{16,64}$/) });

/** GET only shows a button: mail scanners following the link must not use it up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, now } = getServices(context);
  const parsed = tokenSchema.safeParse({ token: new URL(request.url).searchParams.get("token") });
  const valid = parsed.success && (await peekVerificationToken(db, { token: parsed.data.token, kind: "account_recovery", now: now() })) !== null;
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
  const busy = useNavigation().state === "submitting";
  let body: React.ReactNode;
  if (actionData?.ok) {
    body = (
      <>
        <div className="alert alert-success" role="status">
          <p>{actionData.notice}</p>
        </div>
        <p>
          <Link to="/" className="btn btn-primary">
            {t("settings:recover.home")}
          </Link>
        </p>
      </>
    );
  } else if (actionData || !loaderData.token) {
    body = (
      <>
        <div className="alert alert-danger" role="alert">
          <p>{actionData?.error ?? t("messages.linkExpired")}</p>
        </div>
        <p>{t("settings:recover.expiredHelp")}</p>
        <p>
          <Link to="/login" className="btn btn-primary">
            {t("settings:deleted.login")}
          </Link>
        </p>
      </>
    );
  } else {
    body = (
      <Form method="post" className="form-stack">
        <p>{t("settings:recover.text")}</p>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("settings:recover.submit")}
        </button>
      </Form>
    );
  }
  return (
    <main id="main" className="container narrow section auth-page">
      <h1>{t("settings:recover.title")}</h1>
      {body}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
