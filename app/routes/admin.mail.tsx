/**
 * /admin/mail — why a member gets no mail (ADR 054): the outbox's failed, retried and given-up
 * mails with their last error, bounces and spam complaints per recipient domain, and sending a
 * failed mail again.
 */
import { data } from "react-router";
import type { Route } from "./+types/admin.mail";
import { ActionReply } from "~/components/admin/ActionReply";
import { AdminTable, RowAction } from "~/components/admin/AdminTable";
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
  return (
    <main id="main">
      <h1>{t("admin:mail.title")}</h1>
      {actionData && <ActionReply ok={actionData.ok} message={actionData.message} />}
      <h2>{t("admin:mail.problems")}</h2>
      <AdminTable
        rows={loaderData.mails}
        rowKey={(mail) => mail.id}
        empty={t("admin:member.none")}
        columns={[
          { key: "created", label: t("admin:columns.createdAt"), cell: (mail) => formatWhen(mail.createdAt, i18n.language) },
          { key: "to", label: t("admin:columns.email"), cell: (mail) => mail.toAddress },
          { key: "template", label: t("admin:columns.template"), cell: (mail) => mail.template },
          { key: "status", label: t("admin:columns.status"), cell: (mail) => t(`admin:mail.statuses.${mail.status}`) },
          { key: "attempts", label: t("admin:columns.attempts"), numeric: true, cell: (mail) => mail.attempts },
          { key: "error", label: t("admin:columns.lastError"), cell: (mail) => mail.lastError },
          {
            key: "action",
            cell: (mail) =>
              (mail.status === "failed" || mail.status === "given_up") && (
                <RowAction intent="resend" idName="mailId" id={mail.id} label={t("admin:mail.resend")} />
              ),
          },
        ]}
      />
      <h2>{t("admin:mail.domains")}</h2>
      <AdminTable
        rows={loaderData.domains}
        rowKey={(row) => row.domain}
        empty={t("admin:member.none")}
        columns={[
          { key: "domain", label: t("admin:mail.domain"), cell: (row) => row.domain },
          { key: "bounce", label: t("admin:member.mailDisabledReasons.bounce"), numeric: true, cell: (row) => row.bounce },
          { key: "fbl", label: t("admin:member.mailDisabledReasons.fbl"), numeric: true, cell: (row) => row.fbl },
          {
            key: "listunsubscribe",
            label: t("admin:member.mailDisabledReasons.listunsubscribe"),
            numeric: true,
            cell: (row) => row.listunsubscribe,
          },
        ]}
      />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
