/**
 * /admin/acquisition — where members come from (ADR 055): the short links with their clicks
 * (create, disable) and each site's trusted traffic networks, beside the conversion report
 * (/conversions). Every change is audited.
 */
import { data, Form, href, Link, useNavigation } from "react-router";
import type { Route } from "./+types/admin.acquisition";
import { createShortLink, disableShortLink, networksOf, shortLinkOf, shortLinks, writeTrafficNetworks } from "~/admin/acquisition.server";
import { ActionReply } from "~/components/admin/ActionReply";
import { AdminTable, RowAction } from "~/components/admin/AdminTable";
import { formatWhen } from "~/admin/format";
import { FieldMessage } from "~/components/forms/FieldError";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { useTranslation } from "~/i18n/translation";
import { sitesById } from "~/sites/site.server";
import { siteExists } from "~/admin/site-settings-writes.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, now } = getServices(context);
  const [links, sites] = await Promise.all([shortLinks(db), sitesById(db, now().getTime())]);
  return {
    links,
    now: Math.floor(now().getTime() / 1000),
    sites: [...sites.values()].map((site) => ({ id: site.id, name: site.name, networks: site.settings.trafficNetworks })),
  };
}

type Reply = { form: string; ok: boolean; message?: string; errors?: Record<string, string[]> };

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db, now } = getServices(context);
  const form = await readInput(request);
  const intent = String(form.get("intent") ?? "");
  const refuse = (formId: string, errors: Record<string, string[]>, status = 400) =>
    data<Reply>({ form: formId, ok: false, errors }, { status });
  if (intent === "disable") {
    const linkId = idParam(String(form.get("linkId") ?? ""));
    if (linkId === null || !(await disableShortLink(db, { actorUserId: admin.id, linkId, now: now() })))
      return refuse("links", { form: ["admin:errors.stale"] }, 409);
    return data<Reply>({ form: "links", ok: true, message: "admin:acquisition.disabled" });
  }
  const siteId = idParam(String(form.get("siteId") ?? ""));
  if (siteId === null || !(await siteExists(db, siteId))) return refuse(intent, { siteId: ["admin:acquisition.errors.site"] });
  if (intent === "create") {
    const parsed = shortLinkOf(form, now());
    if (!parsed.ok) return refuse("create", parsed.errors);
    if (!(await createShortLink(db, { actorUserId: admin.id, siteId, ...parsed.value })))
      return refuse("create", { token: ["admin:acquisition.errors.tokenTaken"] });
    return data<Reply>({ form: "create", ok: true, message: "admin:acquisition.created" });
  }
  if (intent === "networks") {
    const formId = `networks-${siteId}`;
    const outcome = await writeTrafficNetworks(db, { actorUserId: admin.id, siteId, networks: networksOf(form) });
    if (outcome !== "saved") return refuse(formId, { networks: ["admin:acquisition.errors.networks"] });
    return data<Reply>({ form: formId, ok: true, message: "admin:acquisition.saved" });
  }
  return refuse(intent, { form: ["admin:errors.stale"] });
}

export default function AdminAcquisition({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const { links, sites, now } = loaderData;
  const reply = (formId: string) => (actionData?.form === formId ? actionData : undefined);
  const created = reply("create");
  const listed = reply("links");
  const siteName = new Map(sites.map((site) => [site.id, site.name]));
  const ended = (link: { expiresAt: number | null }) => link.expiresAt !== null && link.expiresAt <= now;
  return (
    <main id="main">
      <h1>{t("admin:acquisition.title")}</h1>
      <p>
        <Link to={href("/conversions")}>{t("admin:acquisition.conversions")}</Link>
      </p>

      <h2>{t("admin:acquisition.links")}</h2>
      {listed && <Notice reply={listed} />}
      <AdminTable
        rows={links}
        rowKey={(link) => link.id}
        empty={t("admin:acquisition.noLinks")}
        columns={[
          { key: "token", label: t("admin:acquisition.token"), cell: (link) => <code>{`/${link.token}`}</code> },
          { key: "site", label: t("admin:orders.site"), cell: (link) => siteName.get(link.siteId) ?? link.siteId },
          { key: "target", label: t("admin:acquisition.target"), cell: (link) => <code>{link.target}</code> },
          { key: "label", label: t("admin:acquisition.label"), cell: (link) => link.label },
          { key: "clicks", label: t("admin:acquisition.clicks"), numeric: true, cell: (link) => link.clicks },
          {
            key: "expires",
            label: t("admin:acquisition.expires"),
            cell: (link) => (ended(link) ? t("admin:acquisition.ended") : link.expiresAt ? formatWhen(link.expiresAt, i18n.language) : "–"),
          },
          {
            key: "action",
            cell: (link) =>
              !ended(link) && <RowAction intent="disable" idName="linkId" id={link.id} label={t("admin:acquisition.disable")} danger />,
          },
        ]}
      />

      <Form method="post" className="admin-card form-stack" aria-labelledby="new-link-title">
        <h3 id="new-link-title">{t("admin:acquisition.newLink")}</h3>
        {created && <Notice reply={created} />}
        <input type="hidden" name="intent" value="create" />
        <div className="admin-filters">
          <div className="form-field">
            <label htmlFor="link-site">{t("admin:orders.site")}</label>
            <select id="link-site" name="siteId" aria-describedby="link-site-error">
              {sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
            <FieldMessage id="link-site-error" error={created?.errors?.siteId?.[0]} />
          </div>
          {(["token", "target", "label"] as const).map((name) => (
            <div className="form-field" key={name}>
              <label htmlFor={`link-${name}`}>{t(`admin:acquisition.${name}`)}</label>
              <input
                id={`link-${name}`}
                name={name}
                placeholder={name === "target" ? `${href("/landers/video/:slug?")}?network=mail` : undefined}
                aria-invalid={created?.errors?.[name] ? true : undefined}
                aria-describedby={`link-${name}-error`}
              />
              <FieldMessage id={`link-${name}-error`} error={created?.errors?.[name]?.[0]} />
            </div>
          ))}
          <div className="form-field">
            <label htmlFor="link-expires">{t("admin:acquisition.expires")}</label>
            <input id="link-expires" name="expires" type="date" aria-describedby="link-expires-error" />
            <FieldMessage id="link-expires-error" error={created?.errors?.expires?.[0]} />
          </div>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("admin:acquisition.create")}
        </button>
      </Form>

      <h2>{t("admin:acquisition.networks")}</h2>
      <p className="field-hint">{t("admin:acquisition.networksExplain")}</p>
      {sites.map((site) => {
        const formId = `networks-${site.id}`;
        const saved = reply(formId);
        return (
          <Form method="post" key={site.id} className="admin-card form-stack">
            {saved && <Notice reply={saved} />}
            <input type="hidden" name="intent" value="networks" />
            <input type="hidden" name="siteId" value={site.id} />
            <div className="form-field">
              <label htmlFor={formId}>{t("admin:acquisition.networksOf", { name: site.name })}</label>
              <textarea id={formId} name="networks" rows={3} defaultValue={site.networks.join("\n")} aria-describedby={`${formId}-error`} />
              <FieldMessage id={`${formId}-error`} error={saved?.errors?.networks?.[0]} />
            </div>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t("admin:prices.save")}
            </button>
          </Form>
        );
      })}
    </main>
  );
}

/** The action's answer to one form: its message, or its refusal that belongs to no field. */
function Notice({ reply }: { reply: Reply }) {
  return <ActionReply ok={reply.ok} message={reply.ok ? reply.message : reply.errors?.form?.[0]} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
