import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { useZodForm } from "~/components/forms/use-zod-form";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/complaints";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { getServices, getSite, linkOrigin } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { complaintSchema, MAX_COMPLAINT_MESSAGE, MAX_COMPLAINT_SUBJECT } from "~/profiles/complaint-schema";
import { fileComplaint } from "~/profiles/complaints.server";
import { findVisibleProfile } from "~/profiles/visibility.server";
import { HoneypotField, isHoneypotFilled } from "~/security/honeypot";
import { clientIp } from "~/security/rate-limit.server";
import { readInput } from "~/http/forms.server";
import { getUser } from "~/http/guards.server";

/**
 * /complaints (product.md §2 "Complaints"): a consumer complaint, or a report about a member when
 * the page is opened from a profile (`?profile={id}`). Members find their name and address filled
 * in.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  const user = getUser(context);
  const t = getI18n(context).t;
  const requested = new URL(request.url).searchParams.get("profile") ?? "";
  const profileId = /^[1-9]\d{0,14}$/.test(requested) ? Number(requested) : null;
  // The name shows only for a profile this visitor may see; otherwise the number alone.
  const reported = profileId
    ? await findVisibleProfile(getServices(context).db, { profileId, viewerProfileId: user?.profile?.id ?? null, siteId: site.id })
    : null;
  return {
    profile: profileId ? { id: profileId, name: reported?.name ?? null } : null,
    defaults: {
      name: user?.profile?.name ?? "",
      email: user?.email ?? "",
      subject: profileId ? t("members:complaints.reportSubject", { name: reported?.name ?? `#${profileId}` }) : "",
    },
    supportEmail: site.settings.supportEmail,
    title: `${t("members:complaints.title")} · ${site.name}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await readInput(request, complaintSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  if (isHoneypotFilled(formData))
    return data({ result: submission.reply({ formErrors: ["messages.generic"] }), sent: false }, { status: 400 });

  const { db, env, ctx, now } = getServices(context);
  const user = getUser(context);
  const outcome = await fileComplaint(
    { db, env, ctx, site: getSite(context), now: now() },
    {
      ...submission.value,
      userId: user?.id ?? null,
      locale: getLocale(context),
      ip: clientIp(request),
      origin: linkOrigin(context, request),
    },
  );
  if (!outcome.ok) {
    return data({ result: submission.reply({ formErrors: ["members:complaints.tooMany"] }), sent: false }, { status: 429 });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export default function Complaints({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const { profile, defaults } = loaderData;
  const [form, fields] = useZodForm(complaintSchema, { id: "complaint", lastResult: actionData?.result, defaultValue: defaults });

  if (actionData?.sent) {
    return (
      <main id="main" className="container narrow section complaints">
        <h1>{t("members:complaints.title")}</h1>
        <div className="alert alert-success" role="status">
          <p>{t("members:complaints.sent")}</p>
        </div>
        <p>
          <Link to={href("/")}>{t("members:complaints.backHome")}</Link>
        </p>
      </main>
    );
  }

  return (
    <main id="main" className="container narrow section complaints">
      <h1>{t("members:complaints.title")}</h1>
      <p className="lead">{profile ? t("members:complaints.reportIntro") : t("members:complaints.intro")}</p>
      <p className="field-hint">{t("members:complaints.mailUs", { email: loaderData.supportEmail })}</p>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <HoneypotField />
        <FormErrors errors={form.errors} id={form.errorId} />
        {profile && (
          <>
            <input type="hidden" name={fields.profile.name} value={profile.id} />
            <p className="alert alert-warning">
              {profile.name
                ? t("members:complaints.about", { name: profile.name })
                : t("members:complaints.aboutNumber", { id: profile.id })}
            </p>
          </>
        )}
        <div className="form-field">
          <label htmlFor={fields.name.id}>{t("members:complaints.name")}</label>
          <input {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
          <FieldError field={fields.name} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.email.id}>{t("members:complaints.email")}</label>
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          <FieldError field={fields.email} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.subject.id}>{t("members:complaints.subject")}</label>
          <input {...getInputProps(fields.subject, { type: "text" })} maxLength={MAX_COMPLAINT_SUBJECT} />
          <FieldError field={fields.subject} />
        </div>
        <div className="form-field">
          <label htmlFor={fields.message.id}>{t("members:complaints.message")}</label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={8}
            maxLength={MAX_COMPLAINT_MESSAGE}
            aria-describedby={`${fields.message.descriptionId} ${fields.message.errorId}`}
          />
          <p className="field-hint" id={fields.message.descriptionId}>
            {t("members:complaints.messageHint")}
          </p>
          <FieldError field={fields.message} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("members:complaints.sending") : t("members:complaints.send")}
        </button>
      </Form>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
