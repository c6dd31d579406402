/**
 * /admin/members/:id — one member on one page (ADR 054): account, profile, photos, ledger, orders,
 * complaints by and about them, blocks, mails and sign-ins; and the operator's actions: ban and
 * unban with a reason (the member is told by e-mail in their language), adjust credits with a
 * reason (a ledger entry, never below zero), resend the activation mail, send a password reset,
 * delete, change role. Each change and its audit entry are written together.
 */
import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/admin.members.$id";
import { auditEntry, auditIfChanged } from "~/admin/audit.server";
import { formatWhen } from "~/admin/format";
import {
  activationSchema,
  banSchema,
  creditsSchema,
  deleteSchema,
  MEMBER_ROLES,
  memberActionSchema,
  resetSchema,
  roleSchema,
  unbanSchema,
  type MemberAction,
  type MemberRole,
} from "~/admin/member-actions-schema";
import { banNotice, memberSite, resendActivationFor, sendResetFor } from "~/admin/member-notices.server";
import { accountFacts, adjustCredits, banAccount, memberDetail, setRole, unbanAccount } from "~/admin/members.server";
import { closeSessionSockets } from "~/accounts/session-end.server";
import { deleteAccount } from "~/accounts/deletion.server";
import { ActionReply } from "~/components/admin/ActionReply";
import { ReasonField } from "~/components/admin/ReasonField";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { useZodForm } from "~/components/forms/use-zod-form";
import { isDevelopment } from "~/env.server";
import { getServices } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireAdmin } from "~/http/guards.server";
import { idParam } from "~/http/params";
import { siteOrigin } from "~/sites/site.server";
import { useFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/translation";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const id = idParam(params.id);
  const detail = id === null ? null : await memberDetail(getServices(context).db, id);
  if (!detail) throw data(null, { status: 404 });
  return { ...detail, requestKey: crypto.randomUUID() };
}

type Reply = { intent: MemberAction["intent"] | null; result: SubmissionResult<string[]>; done?: string };

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  const { db, env, ctx, now } = getServices(context);
  const id = idParam(params.id);
  const account = id === null ? null : await accountFacts(db, id);
  if (!account) throw data(null, { status: 404 });
  const { submission } = await readInput(request, memberActionSchema);
  const intent = (submission.payload.intent as MemberAction["intent"] | undefined) ?? null;
  const reply = (result: Omit<Reply, "intent">, status = 200) => data<Reply>({ intent, ...result }, { status });
  if (submission.status !== "success") return reply({ result: submission.reply() }, 400);
  const form = submission.value;
  const actor = { actorUserId: admin.id };
  const stale = () => reply({ result: submission.reply({ formErrors: ["admin:errors.stale"] }) }, 409);
  const mailDeps = { db, env, ctx, now: now() };

  switch (form.intent) {
    case "ban": {
      // The notice is written in the ban's own batch (ADR 056).
      const notice = await banNotice(mailDeps, request, account, { banned: true, reason: form.reason });
      const banned = await banAccount(db, { ...actor, account, reason: form.reason, notice: notice.statement });
      if (!banned.changed) return stale();
      notice.deliver(banned.notice);
      ctx.waitUntil(closeSessionSockets({ db, env, ctx }, { userId: account.id, profileId: account.profileId }, "all"));
      return reply({ result: submission.reply({ resetForm: true }), done: "admin:member.done.ban" });
    }
    case "unban": {
      const notice = await banNotice(mailDeps, request, account, { banned: false, reason: form.reason });
      const lifted = await unbanAccount(db, { ...actor, account, reason: form.reason, notice: notice.statement });
      if (!lifted.changed) return stale();
      notice.deliver(lifted.notice);
      return reply({ result: submission.reply({ resetForm: true }), done: "admin:member.done.unban" });
    }
    case "credits": {
      const outcome = await adjustCredits(db, {
        ...actor,
        userId: account.id,
        siteId: account.siteId,
        delta: form.delta,
        reason: form.reason,
        requestKey: form.requestKey,
      });
      if (outcome.outcome === "insufficient") {
        return reply({ result: submission.reply({ fieldErrors: { delta: ["admin:errors.belowZero"] } }) }, 400);
      }
      return reply({ result: submission.reply({ resetForm: true }), done: "admin:member.done.credits" });
    }
    case "role": {
      if (account.id === admin.id) return reply({ result: submission.reply({ fieldErrors: { role: ["admin:errors.ownRole"] } }) }, 400);
      if (account.role === form.role) return reply({ result: submission.reply({ fieldErrors: { role: ["admin:errors.sameRole"] } }) }, 400);
      if (!(await setRole(db, { ...actor, account, role: form.role, reason: form.reason }))) return stale();
      return reply({ result: submission.reply(), done: "admin:member.done.role" });
    }
    case "activation": {
      if (account.status !== "not_confirmed") return stale();
      await resendActivationFor(mailDeps, request, account, [
        auditEntry(db, { ...actor, siteId: account.siteId, targetType: "user", targetId: account.id, action: "activation_mail" }),
      ]);
      return reply({ result: submission.reply(), done: "admin:member.done.activation" });
    }
    case "reset": {
      if (account.status !== "confirmed" && account.status !== "not_confirmed") return stale();
      const sent = await sendResetFor(mailDeps, request, account, admin.id, [
        auditEntry(db, { ...actor, siteId: account.siteId, targetType: "user", targetId: account.id, action: "reset_mail" }),
      ]);
      if (sent === "too_many") return reply({ result: submission.reply({ formErrors: ["admin:errors.tooManyResets"] }) }, 429);
      return reply({ result: submission.reply(), done: "admin:member.done.reset" });
    }
    case "delete": {
      if (account.role === "admin" || (account.status !== "confirmed" && account.status !== "not_confirmed")) return stale();
      const site = await memberSite(mailDeps, account);
      // The entry joins the account service's own batch, written only when that batch deleted the account.
      await deleteAccount(
        {
          ...mailDeps,
          site,
          origin: siteOrigin(site, request, { development: isDevelopment(env) }),
          graceDays: site.settings.deletionGraceDays,
        },
        {
          userId: account.id,
          email: account.email,
          name: account.name ?? account.email,
          locale: account.language,
          reason: "other",
          remarks: form.reason,
        },
        [
          auditIfChanged(db, {
            ...actor,
            siteId: account.siteId,
            targetType: "user",
            targetId: account.id,
            action: "delete",
            reason: form.reason,
            before: { status: account.status },
            after: { status: "deleted" },
          }),
        ],
      );
      return reply({ result: submission.reply({ resetForm: true }), done: "admin:member.done.delete" });
    }
  }
}

export default function AdminMember({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const when = (value: unknown) => formatWhen(value, i18n.language);
  const { account, profile } = loaderData;
  const lastResult = (intent: MemberAction["intent"]) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <main id="main">
      <p>
        <Link to={href("/admin/members")}>{t("admin:member.back")}</Link>
      </p>
      <h1>{profile?.name ?? account.email}</h1>
      <ActionReply ok message={actionData?.done} />
      <div className="admin-actions">
        <section className="admin-card" aria-labelledby="account-title">
          <h2 id="account-title">{t("admin:member.account")}</h2>
          <dl className="admin-facts">
            <dt>{t("admin:members.id")}</dt>
            <dd>{account.id}</dd>
            <dt>{t("admin:members.email")}</dt>
            <dd>{account.email}</dd>
            <dt>{t("admin:members.site")}</dt>
            <dd>{account.siteId}</dd>
            <dt>{t("admin:members.status")}</dt>
            <dd data-testid="member-status">{t(`admin:statuses.${account.status}`)}</dd>
            <dt>{t("admin:members.role")}</dt>
            <dd>{t(`admin:roles.${account.role}`)}</dd>
            <dt>{t("admin:member.balance")}</dt>
            <dd data-testid="member-credits">{format.number(account.credits)}</dd>
            <dt>{t("admin:member.language")}</dt>
            <dd>{account.language}</dd>
            <dt>{t("admin:members.signup")}</dt>
            <dd>{when(account.signupAt)}</dd>
            <dt>{t("admin:member.mailDisabled")}</dt>
            <dd>{account.emailDisabledReason ? t(`admin:member.mailDisabledReasons.${account.emailDisabledReason}`) : "–"}</dd>
          </dl>
        </section>
        <section className="admin-card" aria-labelledby="profile-title">
          <h2 id="profile-title">{t("admin:member.profile")}</h2>
          {profile ? (
            <dl className="admin-facts">
              <dt>{t("admin:member.profileId")}</dt>
              <dd>
                <Link to={href("/members/:id", { id: String(profile.id) })}>{profile.id}</Link>
              </dd>
              <dt>{t("admin:members.name")}</dt>
              <dd>{profile.name}</dd>
              <dt>{t("admin:member.country")}</dt>
              <dd>{profile.country}</dd>
              <dt>{t("admin:member.birthDate")}</dt>
              <dd>{profile.birthDate}</dd>
              <dt>{t("admin:members.status")}</dt>
              <dd>{profile.status}</dd>
              <dt>{t("admin:member.aboutMe")}</dt>
              <dd>{profile.aboutMe ?? "–"}</dd>
            </dl>
          ) : (
            <p>{t("admin:member.none")}</p>
          )}
        </section>
      </div>

      <h2>{t("admin:member.actions")}</h2>
      <div className="admin-actions">
        {account.status === "banned" ? (
          <ReasonForm intent="unban" schema={unbanSchema} lastResult={lastResult("unban")} />
        ) : (
          <ReasonForm intent="ban" schema={banSchema} lastResult={lastResult("ban")} />
        )}
        <CreditsForm requestKey={loaderData.requestKey} lastResult={lastResult("credits")} />
        <RoleForm current={account.role} lastResult={lastResult("role")} />
        {account.status === "not_confirmed" && (
          <PlainForm intent="activation" schema={activationSchema} lastResult={lastResult("activation")} />
        )}
        <PlainForm intent="reset" schema={resetSchema} lastResult={lastResult("reset")} />
        {account.status !== "deleted" && account.status !== "erased" && (
          <ReasonForm intent="delete" schema={deleteSchema} lastResult={lastResult("delete")} />
        )}
      </div>

      <h2>{t("admin:member.photos")}</h2>
      {loaderData.photos.length === 0 ? (
        <p>{t("admin:member.none")}</p>
      ) : (
        <ul className="admin-photos">
          {loaderData.photos.map((photo) => (
            <li key={photo.id}>
              <img src={`/${photo.thumbKey}`} alt="" width={80} height={100} loading="lazy" />
              <br />
              <small>{photo.status}</small>
            </li>
          ))}
        </ul>
      )}
      <RowTable
        title="admin:member.ledger"
        rows={loaderData.ledger}
        columns={["id", "delta", "balanceAfter", "reason", "causeKey", "createdAt"]}
      />
      <RowTable
        title="admin:member.orders"
        rows={loaderData.orders}
        columns={["id", "packageKey", "credits", "amountCents", "currency", "method", "status", "createdAt"]}
        link={(row) => `${href("/admin/orders")}?id=${row.id}`}
      />
      <RowTable title="admin:member.complaintsBy" rows={loaderData.complaintsBy} columns={["id", "subject", "status", "createdAt"]} />
      <RowTable
        title="admin:member.complaintsAbout"
        rows={loaderData.complaintsAbout}
        columns={["id", "subject", "email", "status", "createdAt"]}
      />
      <RowTable title="admin:member.blocks" rows={loaderData.blocks} columns={["direction", "otherName", "createdAt"]} />
      <RowTable
        title="admin:member.mails"
        rows={loaderData.mails}
        columns={["id", "template", "status", "attempts", "lastError", "createdAt", "sentAt"]}
      />
      <RowTable title="admin:member.signIns" rows={loaderData.signIns} columns={["ip", "success", "createdAt"]} />
      <RowTable title="admin:member.sessions" rows={loaderData.sessions} columns={["userAgent", "createdAt", "expiresAt"]} />
    </main>
  );
}

const TIME_COLUMNS = new Set(["createdAt", "sentAt", "expiresAt"]);

/** One part of the detail as a table: the columns are the keys of its rows that are shown. */
function RowTable<Row extends Record<string, unknown>>({
  title,
  rows,
  columns,
  link,
}: {
  title: string;
  rows: readonly Row[];
  columns: readonly (keyof Row & string)[];
  link?: (row: Row) => string;
}) {
  const { t, i18n } = useTranslation();
  return (
    <section>
      <h2>{t(title)}</h2>
      {rows.length === 0 ? (
        <p>{t("admin:member.none")}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column}>{t(`admin:columns.${column}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of a read-only list
                <tr key={index}>
                  {columns.map((column, at) => {
                    const value = row[column];
                    const text = TIME_COLUMNS.has(column)
                      ? formatWhen(value, i18n.language)
                      : value === null || value === undefined
                        ? "–"
                        : String(value);
                    return <td key={column}>{at === 0 && link ? <Link to={link(row)}>{text}</Link> : text}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

type ReasonSchema = typeof banSchema | typeof unbanSchema | typeof deleteSchema;

function ReasonForm({
  intent,
  schema,
  lastResult,
}: {
  intent: "ban" | "unban" | "delete";
  schema: ReasonSchema;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(schema, { id: `member-${intent}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="admin-card form-stack">
      <h3>{t(`admin:member.${intent}.title`)}</h3>
      <p className="field-hint">{t(`admin:member.${intent}.explain`)}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value={intent} />
      <ReasonField field={fields.reason} />
      <button type="submit" className={`btn ${intent === "unban" ? "btn-primary" : "btn-danger"}`} disabled={busy}>
        {t(`admin:member.${intent}.submit`)}
      </button>
    </Form>
  );
}

function CreditsForm({ requestKey, lastResult }: { requestKey: string; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(creditsSchema, { id: "member-credits", lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="admin-card form-stack">
      <h3>{t("admin:member.credits.title")}</h3>
      <p className="field-hint">{t("admin:member.credits.explain")}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="credits" />
      <input type="hidden" name="requestKey" value={requestKey} />
      <div className="form-field">
        <label htmlFor={fields.delta.id}>{t("admin:member.credits.delta")}</label>
        <input {...getInputProps(fields.delta, { type: "number" })} step={1} />
        <FieldError field={fields.delta} />
      </div>
      <ReasonField field={fields.reason} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t("admin:member.credits.submit")}
      </button>
    </Form>
  );
}

function RoleForm({ current, lastResult }: { current: MemberRole; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(roleSchema, { id: "member-role", lastResult, defaultValue: { role: current } });
  return (
    <Form method="post" {...getFormProps(form)} className="admin-card form-stack">
      <h3>{t("admin:member.role.title")}</h3>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value="role" />
      <div className="form-field">
        <label htmlFor={fields.role.id}>{t("admin:members.role")}</label>
        <select {...getSelectProps(fields.role)}>
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin:roles.${role}`)}
            </option>
          ))}
        </select>
        <FieldError field={fields.role} />
      </div>
      <ReasonField field={fields.reason} />
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {t("admin:member.role.submit")}
      </button>
    </Form>
  );
}

function PlainForm({
  intent,
  schema,
  lastResult,
}: {
  intent: "activation" | "reset";
  schema: typeof activationSchema | typeof resetSchema;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form] = useZodForm(schema, { id: `member-${intent}`, lastResult });
  return (
    <Form method="post" {...getFormProps(form)} className="admin-card form-stack">
      <h3>{t(`admin:member.${intent}.title`)}</h3>
      <p className="field-hint">{t(`admin:member.${intent}.explain`)}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn btn-outline" disabled={busy}>
        {t(`admin:member.${intent}.submit`)}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
