/**
 * /admin/mail — why a member gets no mail (ADR 054): the outbox's failed, retried and given-up
 * mails with their last error, bounces and spam complaints per recipient domain, and sending a
 * failed mail again.
 */
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.mail";
import { formatWhen } from "~/admin/format";
import { mailProblems, resendMail } from "~/admin/mail.server";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { useTranslation } from "~/i18n/translation";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return mailProblems(getServices(context).db);
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db, now } = getServices(context);
  const form = await readInput(request);
  const mailId = idParam(String(form.get("mailId") ?? ""));
  if (form.get("intent") !== "resend" || mailId === null) return data({ ok: false, message: "admin:errors.stale" }, { status: 400 });
  return (await resendMail(db, { actorUserId: admin.id, mailId, now: now() }))
    ? { ok: true, message: "admin:mail.resent" }
    : data({ ok: false, message: "admin:errors.stale" }, { status: 409 });
}

export default function AdminMail({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  return (
    <main id="main">
      <h1>{t("admin:mail.title")}</h1>
      {actionData && (
        <p className={`alert ${actionData.ok ? "alert-success" : "alert-danger"}`} role="status">
          {t(actionData.message)}
        </p>
      )}
      <h2>{t("admin:mail.problems")}</h2>
      {loaderData.mails.length === 0 ? (
        <p>{t("admin:member.none")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t("admin:columns.createdAt")}</th>
                <th>{t("admin:columns.email")}</th>
                <th>{t("admin:columns.template")}</th>
                <th>{t("admin:columns.status")}</th>
                <th className="num">{t("admin:columns.attempts")}</th>
                <th>{t("admin:columns.lastError")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {loaderData.mails.map((mail) => (
                <tr key={mail.id}>
                  <td>{formatWhen(mail.createdAt, i18n.language)}</td>
                  <td>{mail.toAddress}</td>
                  <td>{mail.template}</td>
                  <td>{t(`admin:mail.statuses.${mail.status}`)}</td>
                  <td className="num">{mail.attempts}</td>
                  <td>{mail.lastError}</td>
                  <td>
                    {(mail.status === "failed" || mail.status === "given_up") && (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="mailId" value={mail.id} />
                        <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
                          {t("admin:mail.resend")}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2>{t("admin:mail.domains")}</h2>
      {loaderData.domains.length === 0 ? (
        <p>{t("admin:member.none")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t("admin:mail.domain")}</th>
                <th className="num">{t("admin:member.mailDisabledReasons.bounce")}</th>
                <th className="num">{t("admin:member.mailDisabledReasons.fbl")}</th>
                <th className="num">{t("admin:member.mailDisabledReasons.listunsubscribe")}</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.domains.map((row) => (
                <tr key={row.domain}>
                  <td>{row.domain}</td>
                  <td className="num">{row.bounce}</td>
                  <td className="num">{row.fbl}</td>
                  <td className="num">{row.listunsubscribe}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
