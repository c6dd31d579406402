/**
 * /admin/discount-codes — discount codes (product.md §3, ADR 054): the list with their uses, a new
 * code with every field (general, or personal to one member), and expiring a code.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/admin.discount-codes";
import { codeActionSchema, discountCodeSchema } from "~/admin/discount-code-schema";
import { createCode, expireCode, listCodes } from "~/admin/discount-codes.server";
import { ActionReply } from "~/components/admin/ActionReply";
import { AdminTable, RowAction } from "~/components/admin/AdminTable";
import { formatWhen } from "~/admin/format";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { useZodForm } from "~/components/forms/use-zod-form";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { useTranslation } from "~/i18n/translation";
import { paymentMethodKeys } from "~/sites/payment-methods";
import { sitesById } from "~/sites/site.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db } = getServices(context);
  const [codes, sites] = await Promise.all([listCodes(db), sitesById(db)]);
  return { codes, sites: [...sites.values()].map((site) => ({ id: site.id, name: site.name })) };
}

type Reply = { intent: "create" | "expire" | null; result?: SubmissionResult<string[]>; done?: string; error?: string };

/** A code given until a day lasts until the end of that day (UTC). */
const endOfDay = (day: string) => Math.floor(Date.parse(`${day}T23:59:59Z`) / 1000);

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db, now } = getServices(context);
  const { submission } = await readInput(request, codeActionSchema);
  const intent = submission.payload.intent === "expire" ? "expire" : submission.payload.intent === "create" ? "create" : null;
  if (submission.status !== "success") return data<Reply>({ intent, result: submission.reply() }, { status: 400 });
  const form = submission.value;
  if (form.intent === "expire") {
    return (await expireCode(db, admin.id, form.codeId, now()))
      ? data<Reply>({ intent, done: "admin:codes.expired" })
      : data<Reply>({ intent, error: "admin:errors.stale" }, { status: 409 });
  }
  if (form.expires && endOfDay(form.expires) * 1000 <= now().getTime()) {
    return data<Reply>({ intent, result: submission.reply({ fieldErrors: { expires: ["admin:codes.errors.past"] } }) }, { status: 400 });
  }
  const outcome = await createCode(db, admin.id, form, endOfDay);
  if (!outcome.ok) {
    const message = outcome.field === "code" ? "admin:codes.errors.exists" : "admin:codes.errors.member";
    return data<Reply>({ intent, result: submission.reply({ fieldErrors: { [outcome.field]: [message] } }) }, { status: 400 });
  }
  return data<Reply>({ intent, result: submission.reply({ resetForm: true }), done: "admin:codes.created" });
}

export default function AdminDiscountCodes({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(discountCodeSchema, {
    id: "new-code",
    lastResult: actionData?.intent === "create" ? actionData.result : undefined,
    defaultValue: { oncePerUser: "on" },
  });
  return (
    <main id="main">
      <h1>{t("admin:codes.title")}</h1>
      <ActionReply ok message={actionData?.done} />
      <ActionReply ok={false} message={actionData?.error} />
      <Form method="post" {...getFormProps(form)} className="admin-card form-stack">
        <h2>{t("admin:codes.new")}</h2>
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="create" />
        <div className="admin-filters">
          <div className="form-field">
            <label htmlFor={fields.code.id}>{t("admin:codes.code")}</label>
            <input {...getInputProps(fields.code, { type: "text" })} autoCapitalize="characters" />
            <FieldError field={fields.code} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.valuePercentage.id}>{t("admin:codes.percentage")}</label>
            <input {...getInputProps(fields.valuePercentage, { type: "number" })} />
            <FieldError field={fields.valuePercentage} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.siteId.id}>{t("admin:codes.site")}</label>
            <select {...getSelectProps(fields.siteId)}>
              <option value="">{t("admin:codes.everySite")}</option>
              {loaderData.sites.map((site) => (
                <option key={site.id} value={site.id}>
                  {site.name}
                </option>
              ))}
            </select>
            <FieldError field={fields.siteId} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.country.id}>{t("admin:codes.country")}</label>
            <input {...getInputProps(fields.country, { type: "text" })} maxLength={2} placeholder="NL" />
            <FieldError field={fields.country} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.currency.id}>{t("admin:codes.currency")}</label>
            <input {...getInputProps(fields.currency, { type: "text" })} maxLength={3} placeholder="EUR" />
            <FieldError field={fields.currency} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.minimumOrder.id}>{t("admin:codes.minimum")}</label>
            <input {...getInputProps(fields.minimumOrder, { type: "number" })} step="0.01" />
            <FieldError field={fields.minimumOrder} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.userId.id}>{t("admin:codes.member")}</label>
            <input {...getInputProps(fields.userId, { type: "number" })} />
            <p className="field-hint">{t("admin:codes.memberHint")}</p>
            <FieldError field={fields.userId} />
          </div>
          <div className="form-field">
            <label htmlFor={fields.expires.id}>{t("admin:codes.expires")}</label>
            <input {...getInputProps(fields.expires, { type: "date" })} />
            <FieldError field={fields.expires} />
          </div>
        </div>
        <fieldset className="form-field">
          <legend>{t("admin:codes.methods")}</legend>
          <p className="field-hint">{t("admin:codes.methodsHint")}</p>
          <div className="admin-filters">
            {paymentMethodKeys.map((method) => (
              <label key={method}>
                <input type="checkbox" name={fields.paymentMethods.name} value={method} /> {method}
              </label>
            ))}
          </div>
          <FieldError field={fields.paymentMethods} />
        </fieldset>
        <label>
          <input {...getInputProps(fields.oncePerUser, { type: "checkbox", value: "on" })} /> {t("admin:codes.oncePerUser")}
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("admin:codes.create")}
        </button>
      </Form>

      <h2>{t("admin:codes.list")}</h2>
      <AdminTable
        rows={loaderData.codes}
        rowKey={(code) => code.id}
        empty={t("admin:member.none")}
        columns={[
          { key: "code", label: t("admin:codes.code"), cell: (code) => <code>{code.code}</code> },
          { key: "site", label: t("admin:codes.site"), cell: (code) => code.siteId ?? t("admin:codes.everySite") },
          { key: "percentage", label: t("admin:codes.percentage"), numeric: true, cell: (code) => `${code.valuePercentage}%` },
          {
            key: "conditions",
            label: t("admin:codes.conditions"),
            cell: (code) =>
              [
                code.country,
                code.currency,
                code.minimumOrderCents ? `≥ ${(code.minimumOrderCents / 100).toFixed(2)}` : null,
                code.userId ? t("admin:codes.personal", { id: code.userId }) : null,
                code.paymentMethods ? (JSON.parse(code.paymentMethods) as string[]).join(", ") : null,
                code.validitySeconds ? t("admin:codes.welcome") : null,
              ]
                .filter(Boolean)
                .join(" · "),
          },
          {
            key: "expires",
            label: t("admin:codes.expires"),
            cell: (code) => (code.expiresAt ? formatWhen(code.expiresAt, i18n.language) : "–"),
          },
          { key: "status", label: t("admin:codes.status"), cell: (code) => t(`admin:codes.statuses.${code.status}`) },
          { key: "used", label: t("admin:codes.used"), numeric: true, cell: (code) => code.used },
          { key: "reserved", label: t("admin:codes.reserved"), numeric: true, cell: (code) => code.reserved },
          {
            key: "action",
            cell: (code) =>
              code.status === "active" && <RowAction intent="expire" idName="codeId" id={code.id} label={t("admin:codes.expire")} />,
          },
        ]}
      />
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
