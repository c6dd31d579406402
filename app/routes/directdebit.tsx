import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/directdebit";
import type { CurrentUser } from "~/accounts/current-user.server";
import { FieldMessage, FormErrors } from "~/components/forms/FieldError";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { checkoutOffer, findPackage } from "~/payments/checkout.server";
import * as limits from "~/payments/direct-debit-fields";
import { mandateCodeSchema, mandateDetailsSchema, packageKeySchema, type MandateDetailsForm } from "~/payments/direct-debit-schema";
import {
  directDebitAllowance,
  mandateView,
  resendMandateCode,
  saveMandateDetails,
  verifyMandateCode,
  type SendCodeOutcome,
} from "~/payments/direct-debit.server";
import { paymentProviderFor } from "~/payments/mollie.server";
import { buyerCountry } from "~/payments/price-list.server";
import { smsSenderFor } from "~/sms/sms.server";
import { readInput } from "~/http/forms.server";
import { requireUser } from "~/http/guards.server";

/**
 * /directdebit (product.md §2 "Direct-debit form", §3, §5): a member's SEPA direct-debit mandate.
 * Step 1 takes the account holder, IBAN, address and mobile number under the mandate text and texts
 * a code; step 2 takes the code ('Code ongeldig' when wrong) and makes the mandate at the provider,
 * then sends the member back to the checkout of `?package=` (or to /credits). An active mandate
 * shows its masked IBAN and can be replaced; a blocked account and a reached limit say so (§8).
 */

type Step = "blocked" | "limit" | "active" | "code" | "details";

/** The member's country decides the default calling code of a national phone number. */
function phoneCountry(user: CurrentUser, requestCountry: string | null, siteCountries: readonly string[]): string {
  return user.profile?.country ?? requestCountry ?? siteCountries[0] ?? "NL";
}

function packageFrom(value: FormDataEntryValue | string | null): string | null {
  const parsed = packageKeySchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const { db, country, now } = getServices(context);
  const url = new URL(request.url);
  const offer = checkoutOffer(site, buyerCountry(country, user));
  const requested = packageFrom(url.searchParams.get("package"));
  const pkg = requested ? findPackage(offer.packages, requested) : null;
  const editing = url.searchParams.get("edit") === "1";

  const [mandate, allowance] = await Promise.all([
    mandateView(db, user.id),
    directDebitAllowance(db, {
      userId: user.id,
      amountCents: pkg?.amountCents ?? 0,
      limitCents: site.settings.directDebitLimitCents,
      now: now(),
    }),
  ]);
  let step: Step = "details";
  if (allowance === "blocked") step = "blocked";
  else if (allowance === "limit_reached") step = "limit";
  else if (mandate?.status === "active" && !editing) step = "active";
  else if (mandate?.status === "unverified" && !editing) step = "code";

  return {
    step,
    editing,
    packageKey: pkg?.packageKey ?? null,
    company: site.company.name,
    mandate: mandate && {
      status: mandate.status,
      maskedIban: mandate.maskedIban,
      maskedPhone: mandate.maskedPhone,
      codeSent: mandate.codeSent,
    },
    defaults: mandate && mandate.status !== "blocked" ? mandate.details : null,
    title: `${getI18n(context).t("directdebit:title")} · ${site.name}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await readInput(request);
  const packageKey = packageFrom(formData.get("package")) ?? packageFrom(new URL(request.url).searchParams.get("package"));
  switch (formData.get("intent")) {
    case "send":
      return sendDetails(context, user, formData, packageKey);
    case "verify":
      return verifyCode(context, user, formData, packageKey);
    case "resend":
      return resendCode(context, user);
    default:
      return data({ intent: null, error: getI18n(context).t("directdebit:errors.request") }, { status: 400 });
  }
}

type Context = Route.ActionArgs["context"];

const selfPath = (packageKey: string | null) =>
  packageKey ? `${href("/directdebit")}?package=${encodeURIComponent(packageKey)}` : href("/directdebit");

/** The form error and HTTP status of a code that could not be sent. */
function sendRefusal(outcome: Exclude<SendCodeOutcome, { status: "code_sent" }>): { key: string; status: number } {
  switch (outcome.status) {
    case "blocked":
      return { key: "directdebit:errors.blocked", status: 403 };
    case "too_many_codes":
      return { key: "directdebit:errors.tooManyCodes", status: 429 };
    case "sms_failed":
      return { key: "directdebit:errors.smsFailed", status: 502 };
    case "no_details":
      return { key: "directdebit:errors.noCode", status: 400 };
  }
}

async function sendDetails(context: Context, user: CurrentUser, formData: FormData, packageKey: string | null) {
  const intent = "send" as const;
  const site = getSite(context);
  const { db, env, country, now } = getServices(context);
  const { countries, directDebitCountries } = site.settings;
  const schema = mandateDetailsSchema(phoneCountry(user, country, countries), directDebitCountries ?? countries);
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const { intent: _intent, package: _package, ...details } = submission.value;
  const outcome = await saveMandateDetails(db, smsSenderFor(env, site), {
    userId: user.id,
    language: getLocale(context),
    details,
    now: now(),
  });
  if (outcome.status === "code_sent") throw redirect(selfPath(packageKey));
  const refusal = sendRefusal(outcome);
  return data({ intent, result: submission.reply({ formErrors: [refusal.key] }) }, { status: refusal.status });
}

async function verifyCode(context: Context, user: CurrentUser, formData: FormData, packageKey: string | null) {
  const intent = "verify" as const;
  const submission = parseWithZod(formData, { schema: mandateCodeSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), attemptsLeft: null }, { status: 400 });
  const { db, env, now } = getServices(context);
  const outcome = await verifyMandateCode(db, paymentProviderFor(env), {
    userId: user.id,
    code: submission.value.code,
    user: { email: user.email, name: user.profile?.name ?? user.email, locale: getLocale(context) },
    now: now(),
  });
  const refuse = (
    errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    status: number,
    attemptsLeft: number | null = null,
  ) =>
    // The typed code is not echoed back: a new try starts from an empty field.
    data({ intent, result: submission.reply({ ...errors, hideFields: ["code"] }), attemptsLeft }, { status });
  switch (outcome.status) {
    case "verified":
      throw redirect(packageKey ? href("/credits/:id/:paymentmethod?", { id: packageKey, paymentmethod: "sdd" }) : href("/credits"));
    case "invalid":
      return refuse({ fieldErrors: { code: ["directdebit:errors.invalidCode"] } }, 400, outcome.attemptsLeft);
    case "expired":
      return refuse({ formErrors: ["directdebit:errors.expired"] }, 400);
    case "too_many_attempts":
      return refuse({ formErrors: ["directdebit:errors.tooManyAttempts"] }, 429);
    case "no_code":
      return refuse({ formErrors: ["directdebit:errors.noCode"] }, 400);
    case "blocked":
      return refuse({ formErrors: ["directdebit:errors.blocked"] }, 403);
    case "provider_error":
      return refuse({ formErrors: ["directdebit:errors.provider"] }, 502);
  }
}

async function resendCode(context: Context, user: CurrentUser) {
  const intent = "resend" as const;
  const { db, env, now } = getServices(context);
  const t = getI18n(context).t;
  const outcome = await resendMandateCode(db, smsSenderFor(env, getSite(context)), {
    userId: user.id,
    language: getLocale(context),
    now: now(),
  });
  if (outcome.status === "code_sent") return data({ intent, notice: t("directdebit:code.resent", { phone: outcome.maskedPhone }) });
  const refusal = sendRefusal(outcome);
  return data({ intent, error: t(refusal.key) }, { status: refusal.status });
}

export default function DirectDebit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { step, packageKey } = loaderData;
  // A refused "send" keeps the member on the form they filled in, whatever the stored state.
  const shown: Step = step === "blocked" || step === "limit" ? step : actionData?.intent === "send" ? "details" : step;
  return (
    <main id="main" className="container narrow section directdebit">
      <h1>{t("directdebit:title")}</h1>
      {actionData?.intent === null && (
        <div className="alert alert-danger" role="alert">
          <p>{actionData.error}</p>
        </div>
      )}
      {shown === "blocked" && (
        <Refusal
          title={t("directdebit:blocked.title")}
          text={t("directdebit:errors.blocked")}
          link={href("/credits")}
          linkText={t("directdebit:blocked.link")}
        />
      )}
      {shown === "limit" && (
        <Refusal
          title={t("directdebit:limit.title")}
          text={t("directdebit:errors.limitReached")}
          link={packageKey ? href("/credits/:id/:paymentmethod?", { id: packageKey }) : href("/credits")}
          linkText={t("directdebit:limit.link")}
        />
      )}
      {shown === "active" && loaderData.mandate && <ActiveMandate maskedIban={loaderData.mandate.maskedIban} packageKey={packageKey} />}
      {shown === "code" && loaderData.mandate && (
        <CodeStep
          maskedPhone={loaderData.mandate.maskedPhone}
          maskedIban={loaderData.mandate.maskedIban}
          packageKey={packageKey}
          lastResult={actionData?.intent === "verify" ? actionData.result : undefined}
          attemptsLeft={actionData?.intent === "verify" ? actionData.attemptsLeft : null}
          resend={actionData?.intent === "resend" ? actionData : undefined}
        />
      )}
      {shown === "details" && (
        <DetailsStep
          company={loaderData.company}
          packageKey={packageKey}
          defaults={loaderData.defaults}
          replacing={loaderData.editing && loaderData.mandate?.status === "active"}
          lastResult={actionData?.intent === "send" ? actionData.result : undefined}
        />
      )}
    </main>
  );
}

/** product.md §8: blocked account, limit reached — with the way to another method. */
function Refusal({ title, text, link, linkText }: { title: string; text: string; link: string; linkText: string }) {
  return (
    <div className="alert alert-warning" role="alert">
      <h2 className="h5">{title}</h2>
      <p>{text}</p>
      <p>
        <Link to={link} className="btn btn-primary">
          {linkText}
        </Link>
      </p>
    </div>
  );
}

const withPackage = (path: string, packageKey: string | null, extra = "") => {
  const query = new URLSearchParams(extra);
  if (packageKey) query.set("package", packageKey);
  const search = query.toString();
  return search ? `${path}?${search}` : path;
};

function PackageField({ packageKey }: { packageKey: string | null }) {
  return packageKey ? <input type="hidden" name="package" value={packageKey} /> : null;
}

function ActiveMandate({ maskedIban, packageKey }: { maskedIban: string; packageKey: string | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="dd-active-title" className="form-stack">
      <div className="alert alert-success" role="status">
        <h2 className="h5" id="dd-active-title">
          {t("directdebit:active.title")}
        </h2>
        <p>{t("directdebit:active.text", { iban: maskedIban })}</p>
      </div>
      <p>
        {packageKey ? (
          <Link to={href("/credits/:id/:paymentmethod?", { id: packageKey, paymentmethod: "sdd" })} className="btn btn-primary">
            {t("directdebit:active.continue")}
          </Link>
        ) : (
          <Link to={href("/credits")} className="btn btn-primary">
            {t("directdebit:active.credits")}
          </Link>
        )}
      </p>
      <p>
        <Link to={withPackage(href("/directdebit"), packageKey, "edit=1")}>{t("directdebit:active.replace")}</Link>
      </p>
    </section>
  );
}

function CodeStep({
  maskedPhone,
  maskedIban,
  packageKey,
  lastResult,
  attemptsLeft,
  resend,
}: {
  maskedPhone: string;
  maskedIban: string;
  packageKey: string | null;
  lastResult?: SubmissionResult<string[]>;
  attemptsLeft: number | null;
  resend?: { notice?: string; error?: string };
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const id = useId();
  const codeError = lastResult?.error?.code?.[0];
  return (
    <section aria-labelledby="dd-code-title">
      <h2 id="dd-code-title">{t("directdebit:code.title")}</h2>
      <p>{t("directdebit:code.sent", { phone: maskedPhone })}</p>
      <p className="field-hint">{t("directdebit:code.account", { iban: maskedIban })}</p>
      {resend?.notice && (
        <div className="alert alert-success" role="status">
          <p>{resend.notice}</p>
        </div>
      )}
      {resend?.error && (
        <div className="alert alert-danger" role="alert">
          <p>{resend.error}</p>
        </div>
      )}
      <Form method="post" className="form-stack">
        <input type="hidden" name="intent" value="verify" />
        <PackageField packageKey={packageKey} />
        <FormErrors errors={lastResult?.error?.[""] ?? undefined} id={`${id}-errors`} />
        <div className="form-field">
          <label htmlFor={`${id}-code`}>{t("directdebit:code.label")}</label>
          <input
            id={`${id}-code`}
            name="code"
            type="text"
            required
            aria-invalid={codeError ? true : undefined}
            aria-describedby={codeError ? `${id}-code-error` : undefined}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9 ]*"
            maxLength={20}
            size={8}
          />
          <FieldMessage id={`${id}-code-error`} error={codeError} />
          {attemptsLeft !== null && <p className="field-hint">{t("directdebit:code.attemptsLeft", { count: attemptsLeft })}</p>}
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy && navigation.formData?.get("intent") === "verify" ? t("directdebit:code.confirming") : t("directdebit:code.confirm")}
        </button>
      </Form>
      <Form method="post" className="form-stack">
        <input type="hidden" name="intent" value="resend" />
        <PackageField packageKey={packageKey} />
        <button type="submit" className="btn btn-outline" disabled={busy}>
          {t("directdebit:code.resend")}
        </button>
      </Form>
      <p>
        <Link to={withPackage(href("/directdebit"), packageKey, "edit=1")}>{t("directdebit:code.change")}</Link>
      </p>
    </section>
  );
}

function DetailsStep({
  company,
  packageKey,
  defaults,
  replacing,
  lastResult,
}: {
  company: string;
  packageKey: string | null;
  defaults: Partial<MandateDetailsForm> | null;
  replacing: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const id = useId();
  // What the member typed comes back with the server's messages, so a refused form loses nothing.
  const typed = (lastResult?.initialValue ?? {}) as Partial<Record<keyof MandateDetailsForm, string>>;
  const input = (name: keyof MandateDetailsForm, label: string, props: React.InputHTMLAttributes<HTMLInputElement>, hint?: string) => {
    const error = lastResult?.error?.[name]?.[0];
    const describedBy = [hint ? `${id}-${name}-hint` : null, error ? `${id}-${name}-error` : null].filter(Boolean).join(" ");
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          type="text"
          required
          defaultValue={typed[name] ?? defaults?.[name] ?? ""}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...props}
        />
        {hint && (
          <p className="field-hint" id={`${id}-${name}-hint`}>
            {hint}
          </p>
        )}
        <FieldMessage id={`${id}-${name}-error`} error={error} />
      </div>
    );
  };
  return (
    <section aria-labelledby="dd-details-title">
      <p className="lead" id="dd-details-title">
        {t("directdebit:intro")}
      </p>
      {packageKey && <p>{t("directdebit:packageNote")}</p>}
      {replacing && (
        <div className="alert alert-info">
          <p>{t("directdebit:active.replaceNote")}</p>
        </div>
      )}
      <Form method="post" className="form-stack">
        <input type="hidden" name="intent" value="send" />
        <PackageField packageKey={packageKey} />
        <FormErrors errors={lastResult?.error?.[""] ?? undefined} id={`${id}-errors`} />
        {input("accountHolder", t("directdebit:form.accountHolder"), { autoComplete: "name", maxLength: limits.MAX_ACCOUNT_HOLDER })}
        {input(
          "iban",
          t("directdebit:form.iban"),
          { maxLength: limits.MAX_IBAN_INPUT, autoCapitalize: "characters", spellCheck: false },
          t("directdebit:form.ibanHint"),
        )}
        {input("street", t("directdebit:form.street"), { autoComplete: "address-line1", maxLength: limits.MAX_STREET })}
        {input("houseNumber", t("directdebit:form.houseNumber"), { maxLength: limits.MAX_HOUSE_NUMBER })}
        {input("zip", t("directdebit:form.zip"), { autoComplete: "postal-code", maxLength: limits.MAX_ZIP })}
        {input("city", t("directdebit:form.city"), { autoComplete: "address-level2", maxLength: limits.MAX_CITY })}
        {input(
          "phone",
          t("directdebit:form.phone"),
          { type: "tel", autoComplete: "tel", maxLength: limits.MAX_PHONE_INPUT },
          t("directdebit:form.phoneHint"),
        )}
        <section className="alert alert-info" aria-labelledby="dd-mandate-title">
          <h2 className="h5" id="dd-mandate-title">
            {t("directdebit:form.mandateTitle")}
          </h2>
          <p>{t("directdebit:form.mandate", { company })}</p>
        </section>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t("directdebit:form.sending") : t("directdebit:form.send")}
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
