/**
 * /admin/audit — one audit trail, searchable (ADR 054, 055): the console's changes and the
 * moderators' decisions together, by target ("user", "order", "photo" with its id), action, the
 * operator's or moderator's address or the reason; newest first, a page at a time.
 */
import { Link } from "react-router";
import type { Route } from "./+types/admin.audit";
import { AUDIT_KINDS } from "~/admin/audit-kinds";
import { auditCursorOf, searchAudit } from "~/admin/audit.server";
import { AuditTable } from "~/components/admin/AuditTable";
import { FilterSelect } from "~/components/admin/FilterSelect";
import { getServices } from "~/http/context.server";
import { requireAdmin } from "~/http/guards.server";
import { useTranslation } from "~/i18n/translation";

const AUDIT_TYPES = AUDIT_KINDS;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const query = new URL(request.url).searchParams;
  const q = (query.get("q") ?? "").slice(0, 200);
  const type = (AUDIT_TYPES as readonly string[]).includes(query.get("type") ?? "") ? (query.get("type") as string) : "";
  const page = await searchAudit(getServices(context).db, {
    query: q,
    targetType: type || undefined,
    before: auditCursorOf(query.get("before")),
  });
  return { ...page, q, type };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { items, next: nextCursor, q, type } = loaderData;
  const next = new URLSearchParams({ q, type, before: nextCursor ?? "" });
  return (
    <main id="main">
      <h1>{t("admin:audit.title")}</h1>
      <form method="get" className="admin-filters">
        <div className="form-field">
          <label htmlFor="audit-q">{t("admin:audit.search")}</label>
          <input id="audit-q" name="q" type="search" defaultValue={q} placeholder={t("admin:audit.searchHint")} />
        </div>
        <FilterSelect
          id="audit-type"
          name="type"
          label={t("admin:audit.type")}
          value={type}
          anyLabel={t("admin:audit.anyType")}
          options={AUDIT_TYPES.map((value) => ({ value, label: t(`admin:audit.types.${value}`) }))}
        />
        <button type="submit" className="btn btn-primary">
          {t("admin:audit.submit")}
        </button>
      </form>
      <AuditTable rows={items} />
      {nextCursor !== null && (
        <p>
          <Link to={`?${next.toString()}`}>{t("admin:audit.older")}</Link>
        </p>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
