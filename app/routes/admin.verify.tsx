/**
 * /admin/verify — the admin step-up (ADR 054): a passkey of the admin's own, or the 6-digit code
 * mailed to the admin's address for this session. Anyone but an admin gets the 404 of the
 * console's layout; an admin who already passed it goes on to where they were going.
 */
import { getFormProps, getInputProps } from "@conform-to/react";
import { data, Form, redirect, useNavigation, href } from "react-router";
import { z } from "zod/mini";
import type { Route } from "./+types/admin.verify";
import { sendStepUpCode, STEP_UP_CODE_SECONDS, verifyStepUpCode } from "~/admin/step-up.server";
import { ActionReply } from "~/components/admin/ActionReply";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PasskeyReauthentication } from "~/components/passkeys/PasskeyReauthentication";
import { getServices, getSite, linkOrigin } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { hasSteppedUp, requireAdminAccount } from "~/http/guards.server";
import { useTranslation } from "~/i18n/translation";
import { safeRedirectPath } from "~/utils/safe-redirect";

const codeSchema = z.object({
  intent: z.literal("code"),
  code: z.string("admin:verify.errors.format").check(z.trim(), z.regex(/^\d{6}$/, "admin:verify.errors.format")),
  redirectTo: z.optional(z.string()),
});
const sendSchema = z.object({ intent: z.literal("send"), redirectTo: z.optional(z.string()) });
const verifySchema = z.discriminatedUnion("intent", [codeSchema, sendSchema]);

const target = (value: string | null | undefined) => {
  const path = safeRedirectPath(value ?? href("/admin"));
  return path.startsWith(href("/admin")) && !path.startsWith(href("/admin/verify")) ? path : href("/admin");
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = requireAdminAccount(context);
  const redirectTo = target(new URL(request.url).searchParams.get("redirectTo"));
  if (hasSteppedUp(admin, getServices(context).now())) throw redirect(redirectTo);
  return { redirectTo, email: admin.email, minutes: STEP_UP_CODE_SECONDS / 60 };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireAdminAccount(context);
  const { db, env, ctx, now } = getServices(context);
  const { submission } = await readInput(request, verifySchema);
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const form = submission.value;
  if (form.intent === "send") {
    const link = new URL(
      `${href("/admin/verify")}?redirectTo=${encodeURIComponent(target(form.redirectTo))}`,
      linkOrigin(context, request),
    ).toString();
    const outcome = await sendStepUpCode(
      { db, env, ctx, now: now(), site: getSite(context) },
      { id: admin.id, email: admin.email, language: admin.language, sessionId: admin.sessionId, name: admin.profile?.name ?? admin.email },
      link,
    );
    return outcome === "sent"
      ? { result: submission.reply({ resetForm: true }), sent: true }
      : data({ result: submission.reply({ formErrors: ["admin:verify.errors.limited"] }), sent: false }, { status: 429 });
  }
  const check = await verifyStepUpCode(db, { sessionId: admin.sessionId, code: form.code, now: now() });
  if (check === "ok") throw redirect(target(form.redirectTo));
  const message = check === "wrong" ? "admin:verify.errors.wrong" : "admin:verify.errors.expired";
  return data({ result: submission.reply({ fieldErrors: { code: [message] } }), sent: true }, { status: 400 });
}

export default function AdminVerify({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useZodForm(codeSchema, { lastResult: actionData?.result });
  return (
    <main id="main" className="section narrow">
      <h1>{t("admin:verify.title")}</h1>
      <p>{t("admin:verify.intro")}</p>
      <h2>{t("admin:verify.passkeyTitle")}</h2>
      <PasskeyReauthentication />
      <h2>{t("admin:verify.codeTitle")}</h2>
      <ActionReply
        ok
        message={actionData?.sent ? "admin:verify.sent" : undefined}
        values={{ email: loaderData.email, minutes: loaderData.minutes }}
      />
      <Form method="post">
        <input type="hidden" name="intent" value="send" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {t(actionData?.sent ? "admin:verify.sendAgain" : "admin:verify.send")}
        </button>
      </Form>
      <Form method="post" {...getFormProps(form)} className="form-stack">
        <FormErrors errors={form.errors} id={form.errorId} />
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <div className="form-field">
          <label htmlFor={fields.code.id}>{t("admin:verify.code")}</label>
          <input {...getInputProps(fields.code, { type: "text" })} inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          <FieldError field={fields.code} />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t("admin:verify.submit")}
        </button>
      </Form>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Console" }, { name: "robots", content: "noindex" }];
