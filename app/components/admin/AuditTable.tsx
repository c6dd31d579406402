import { useTranslation } from "~/i18n/translation";
import type { AuditListItem } from "~/admin/audit.server";
import { auditAction } from "~/admin/audit-kinds";
import { formatWhen } from "~/admin/format";

/** An audit entry as the page gets it: the console's trail or a moderator's decision (ADR 055), its time serialized. */
export type AuditRow = Omit<AuditListItem, "siteId" | "createdAt"> & { createdAt: number | Date | string };

/** The audit trail as a table: when, who, what, and the values before and after. */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t, i18n } = useTranslation();
  if (rows.length === 0) return <p>{t("admin:audit.empty")}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-audit">
        <thead>
          <tr>
            <th>{t("admin:audit.when")}</th>
            <th>{t("admin:audit.who")}</th>
            <th>{t("admin:audit.target")}</th>
            <th>{t("admin:audit.action")}</th>
            <th>{t("admin:audit.reason")}</th>
            <th>{t("admin:audit.before")}</th>
            <th>{t("admin:audit.after")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.source}-${row.id}`}>
              <td>{formatWhen(row.createdAt, i18n.language)}</td>
              <td>
                {row.actor}
                {row.source === "moderation" && <span className="admin-source"> · {t("admin:audit.moderator")}</span>}
              </td>
              <td>
                {t(`admin:audit.types.${row.targetType}`, { defaultValue: row.targetType })} {row.targetId}
              </td>
              <td>
                <ActionText action={row.action} />
              </td>
              <td>{row.reason}</td>
              <td>
                <code>{row.before}</code>
              </td>
              <td>
                <code>{row.after}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What was done, in words; a moderator's decision about one member of a conversation names that member's profile. */
function ActionText({ action }: { action: string }) {
  const { t } = useTranslation();
  const { key, profileId } = auditAction(action);
  return (
    <>
      {t(`admin:audit.actions.${key}`, { defaultValue: action })}
      {profileId && ` · ${t("admin:audit.types.profile")} ${profileId}`}
    </>
  );
}
