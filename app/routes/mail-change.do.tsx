import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/mail-change.do";
import { confirmEmailChange } from "~/accounts/settings.server";
import { peekVerificationToken } from "~/accounts/verification.server";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { readForm } from "~/http/forms.server";
import { getUser } from "~/http/guards.server";

const tokenSchema = z.object({ token: z.string().regex(/^[a-z2-7]{16,64}$/) });

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
  const parsed = tokenSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ ok: false as const, error: t("messages.linkExpired") }, { status: 400 });
  const outcome = await confirmEmailChange(db, { token: parsed.data.token, siteId: getSite(context).id, now: now() });
  if (!outcome.ok) return data({ ok: false as const, error: t(`messages.${outcome.error}`) }, { status: 400 });
  return { ok: true as const, notice: t("settings:mailChange.done", { email: outcome.email }) };
}

export default function MailChangeDo({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const next = loaderData.signedIn ? (
    <Link to="/settings" className="btn btn-primary">
      {t("settings:backToSettings")}
    </Link>
  ) : (
    <Link to="/login" className="btn btn-primary">
      {t("settings:mailChange.toLogin")}
    </Link>
  );
  let body: React.ReactNode;
  if (actionData?.ok) {
    body = (
      <>
        <div className="alert alert-success" role="status">
          <p>{actionData.notice}</p>
        </div>
        <p>{next}</p>
      </>
    );
  } else if (actionData || !loaderData.token || !loaderData.newEmail) {
    body = (
      <>
        <div className="alert alert-danger" role="alert">
          <p>{actionData?.error ?? t("messages.linkExpired")}</p>
        </div>
        <p>{next}</p>
      </>
    );
  } else {
    body = (
      <Form method="post" className="form-stack">
        <p>{t("settings:mailChange.confirmText", { email: loaderData.newEmail })}</p>
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("settings:mailChange.confirm")}
        </button>
      </Form>
    );
  }
  return (
    <main id="main" className="container narrow section auth-page">
      <h1>{t("settings:mailChange.title")}</h1>
      {body}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
