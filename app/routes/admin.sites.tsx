/**
 * /admin/sites — the sites (ADR 054): the list, a new site with its own host name, and every
 * setting of a site (product.md §3), validated as the app validates them when it reads them, so a
 * change takes effect without a deploy and a setting the app would refuse is never saved.
 */
import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.sites";
import { isHostName, siteSchema } from "~/admin/site-schema";
import { ActionReply } from "~/components/admin/ActionReply";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { useZodForm } from "~/components/forms/use-zod-form";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { useTranslation } from "~/i18n/translation";
import { settingsVersion, writeSite } from "~/admin/site-settings-writes.server";
import { sitesById } from "~/sites/site.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, now } = getServices(context);
  const sites = [...(await sitesById(db, now().getTime())).values()];
  const editId = Number(new URL(request.url).searchParams.get("edit"));
  const raw = await db.query.sites.findMany({ columns: { id: true, settings: true } });
  const settingsOf = new Map(raw.map((row) => [row.id, JSON.stringify(row.settings, null, 2)]));
  const edited = raw.find((row) => row.id === editId);
  const defaultSite = sites.find((site) => site.isDefault) ?? sites[0];
  return {
    sites: sites.map((site) => ({
      id: site.id,
      key: site.key,
      name: site.name,
      domain: site.domain,
      domainLanguage: site.domainLanguage,
      hosts: site.hosts,
      isDefault: site.isDefault,
    })),
    editing:
      edited && sites.some((site) => site.id === editId)
        ? { id: editId, settings: settingsOf.get(editId) ?? "{}", version: await settingsVersion(edited.settings) }
        : null,
    template: defaultSite ? (settingsOf.get(defaultSite.id) ?? "{}") : "{}",
  };
}

type Reply = { result: SubmissionResult<string[]>; done?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db } = getServices(context);
  const { submission } = await readInput(request, siteSchema);
  if (submission.status !== "success") return data<Reply>({ result: submission.reply() }, { status: 400 });
  const form = submission.value;
  const hosts = (form.hosts ?? "")
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((host) => host.toLowerCase());
  if (!hosts.every(isHostName))
    return data<Reply>({ result: submission.reply({ fieldErrors: { hosts: ["admin:sites.errors.host"] } }) }, { status: 400 });
  let settings: unknown;
  try {
    settings = JSON.parse(form.settings);
  } catch {
    return data<Reply>({ result: submission.reply({ fieldErrors: { settings: ["admin:sites.errors.json"] } }) }, { status: 400 });
  }
  const outcome = await writeSite(db, {
    actorUserId: admin.id,
    siteId: form.siteId ?? null,
    site: { key: form.key, name: form.name, domain: form.domain, domainLanguage: form.domainLanguage, hosts, settings },
    loadedVersion: form.loaded,
  });
  if (!outcome.ok) {
    const message = outcome.path ? `${outcome.message}|${outcome.path}` : outcome.message;
    return data<Reply>({ result: submission.reply({ fieldErrors: { [outcome.field]: [message] } }) }, { status: 400 });
  }
  return data<Reply>({
    result: submission.reply({ resetForm: form.siteId === undefined }),
    done: form.siteId ? "admin:sites.saved" : "admin:sites.created",
  });
}

export default function AdminSites({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sites, editing, template } = loaderData;
  const site = editing ? sites.find((item) => item.id === editing.id) : undefined;
  return (
    <main id="main">
      <h1>{t("admin:sites.title")}</h1>
      <ActionReply ok message={actionData?.done} />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t("admin:columns.id")}</th>
              <th>{t("admin:sites.key")}</th>
              <th>{t("admin:sites.name")}</th>
              <th>{t("admin:sites.hosts")}</th>
              <th>{t("admin:sites.language")}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {sites.map((item) => (
              <tr key={item.id}>
                <td>{item.id}</td>
                <td>
                  {item.key}
                  {item.isDefault ? ` (${t("admin:sites.default")})` : ""}
                </td>
                <td>{item.name}</td>
                <td>{item.hosts.join(", ")}</td>
                <td>{item.domainLanguage}</td>
                <td>
                  <Link to={`?edit=${item.id}`}>{t("admin:sites.edit")}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing && site ? (
        <SiteForm
          key={`edit-${site.id}`}
          title={t("admin:sites.editTitle", { name: site.name })}
          lastResult={actionData?.result}
          defaults={{
            siteId: String(site.id),
            key: site.key,
            name: site.name,
            domain: site.domain,
            domainLanguage: site.domainLanguage,
            hosts: site.hosts.filter((host) => host !== site.domain).join(" "),
            settings: editing.settings,
            loaded: editing.version,
          }}
        />
      ) : (
        <SiteForm
          key="new"
          title={t("admin:sites.new")}
          lastResult={actionData?.result}
          defaults={{ settings: template, domainLanguage: "nl_NL" }}
        />
      )}
    </main>
  );
}

function SiteForm({
  title,
  defaults,
  lastResult,
}: {
  title: string;
  defaults: Record<string, string>;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(siteSchema, { id: "site-form", lastResult, defaultValue: defaults });
  const settingsError = fields.settings.errors?.[0];
  return (
    <Form method="post" {...getFormProps(form)} className="admin-card form-stack">
      <h2>{title}</h2>
      <FormErrors errors={form.errors} id={form.errorId} />
      {defaults.siteId && <input type="hidden" name="siteId" value={defaults.siteId} />}
      {defaults.loaded && <input type="hidden" name="loaded" value={defaults.loaded} />}
      <div className="admin-filters">
        <div className="form-field">
          <label htmlFor={fields.key.id}>{t("admin:sites.key")}</label>
          <input {...getInputProps(fields.key, { type: "text" })} />
          <FieldError field={fields.key} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.name.id}>{t("admin:sites.name")}</label>
          <input {...getInputProps(fields.name, { type: "text" })} />
          <FieldError field={fields.name} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.domain.id}>{t("admin:sites.domain")}</label>
          <input {...getInputProps(fields.domain, { type: "text" })} inputMode="url" />
          <FieldError field={fields.domain} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.domainLanguage.id}>{t("admin:sites.language")}</label>
          <input {...getInputProps(fields.domainLanguage, { type: "text" })} placeholder="nl_NL" />
          <FieldError field={fields.domainLanguage} />
        </div>
      </div>
      <div className="form-field">
        <label htmlFor={fields.hosts.id}>{t("admin:sites.otherHosts")}</label>
        <input {...getInputProps(fields.hosts, { type: "text" })} />
        <FieldError field={fields.hosts} />
      </div>
      <div className="form-field">
        <label htmlFor={fields.settings.id}>{t("admin:sites.settings")}</label>
        <p className="field-hint">{t("admin:sites.settingsHint")}</p>
        <textarea {...getTextareaProps(fields.settings)} rows={16} spellCheck={false} className="admin-json" />
        {settingsError && (
          <p className="field-error" id={fields.settings.errorId} role="alert">
            {t(settingsError.split("|")[0] ?? "", { defaultValue: settingsError })} {settingsError.split("|")[1] ?? ""}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t(defaults.siteId ? "admin:sites.save" : "admin:sites.create")}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
