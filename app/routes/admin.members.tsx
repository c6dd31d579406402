/**
 * /admin/members — find a member by e-mail address, profile name (their beginning) or id.
 */
import { Link, href } from "react-router";
import type { Route } from "./+types/admin.members";
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
      {members && members.length === 0 && <p>{t("admin:members.empty")}</p>}
      {members && members.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th>{t("admin:members.id")}</th>
                <th>{t("admin:members.email")}</th>
                <th>{t("admin:members.name")}</th>
                <th>{t("admin:members.site")}</th>
                <th>{t("admin:members.status")}</th>
                <th>{t("admin:members.role")}</th>
                <th>{t("admin:members.signup")}</th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <tr key={member.id}>
                  <td>
                    <Link to={href("/admin/members/:id", { id: String(member.id) })}>{member.id}</Link>
                  </td>
                  <td>
                    <Link to={href("/admin/members/:id", { id: String(member.id) })}>{member.email}</Link>
                  </td>
                  <td>{member.name}</td>
                  <td>{member.siteId}</td>
                  <td>{t(`admin:statuses.${member.status}`)}</td>
                  <td>{t(`admin:roles.${member.role}`)}</td>
                  <td>{formatWhen(member.signupAt, i18n.language)}</td>
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
