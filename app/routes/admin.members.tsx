/**
 * /admin/members — find a member by e-mail address, profile name (their beginning) or id.
 */
import { Link, href } from "react-router";
import type { Route } from "./+types/admin.members";
import { AdminTable } from "~/components/admin/AdminTable";
import { formatWhen } from "~/admin/format";
import { findMembers } from "~/admin/members.server";
import { getServices } from "~/http/context.server";
import { requireAdmin } from "~/http/guards.server";
import { useTranslation } from "~/i18n/translation";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 200);
  return { q, members: q ? await findMembers(getServices(context).db, q) : null };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { q, members } = loaderData;
  return (
    <main id="main">
      <h1>{t("admin:members.title")}</h1>
      <form method="get" className="admin-filters">
        <div className="form-field">
          <label htmlFor="member-q">{t("admin:members.search")}</label>
          <input id="member-q" name="q" type="search" defaultValue={q} placeholder={t("admin:members.searchHint")} />
        </div>
        <button type="submit" className="btn btn-primary">
          {t("admin:members.submit")}
        </button>
      </form>
      {members && (
        <AdminTable
          rows={members}
          rowKey={(member) => member.id}
          empty={t("admin:members.empty")}
          columns={[
            {
              key: "id",
              label: t("admin:members.id"),
              cell: (member) => <Link to={href("/admin/members/:id", { id: String(member.id) })}>{member.id}</Link>,
            },
            {
              key: "email",
              label: t("admin:members.email"),
              cell: (member) => <Link to={href("/admin/members/:id", { id: String(member.id) })}>{member.email}</Link>,
            },
            { key: "name", label: t("admin:members.name"), cell: (member) => member.name },
            { key: "site", label: t("admin:members.site"), cell: (member) => member.siteId },
            { key: "status", label: t("admin:members.status"), cell: (member) => t(`admin:statuses.${member.status}`) },
            { key: "role", label: t("admin:members.role"), cell: (member) => t(`admin:roles.${member.role}`) },
            { key: "signup", label: t("admin:members.signup"), cell: (member) => formatWhen(member.signupAt, i18n.language) },
          ]}
        />
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
