/**
 * /admin — the console's start page (ADR 054): where to go, and the latest changes of the audit trail.
 */
import { Link, href } from "react-router";
import type { Route } from "./+types/admin._index";
import { searchAudit } from "~/admin/audit.server";
import { AuditTable } from "~/components/admin/AuditTable";
import { getServices } from "~/http/context.server";
import { requireAdmin } from "~/http/guards.server";
import { useTranslation } from "~/i18n/translation";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { items } = await searchAudit(getServices(context).db, {});
  return { latest: items.slice(0, 10) };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <main id="main">
      <h1>{t("admin:home.title")}</h1>
      <p>{t("admin:home.intro")}</p>
      <form method="get" action={href("/admin/members")} className="admin-filters">
        <div className="form-field">
          <label htmlFor="member-query">{t("admin:members.search")}</label>
          <input id="member-query" name="q" type="search" placeholder={t("admin:members.searchHint")} />
        </div>
        <button type="submit" className="btn btn-primary">
          {t("admin:members.submit")}
        </button>
      </form>
      <h2>{t("admin:home.latest")}</h2>
      <AuditTable rows={loaderData.latest} />
      <p>
        <Link to={href("/admin/audit")}>{t("admin:home.allChanges")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
