import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod/mini";
import type { StepView } from "~/accounts/signup-steps";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { SelectField } from "~/components/forms/SelectField";
import { LocationPicker } from "~/components/profiles/LocationPicker";
import { profileFieldOptions } from "~/profiles/profile-fields";
import { aboutSchema, locationSchema, personalSchema } from "~/profiles/profile-schema";
import type { PushState } from "~/components/push/push-client";
import { ResendActivation } from "./ResendActivation";

/** The uploader of /profile, loaded with the photo step only: the account step (the first page a visitor sees) stays light. */
const PhotoManager = lazy(() => import("~/components/photos/PhotoManager").then((module) => ({ default: module.PhotoManager })));

export type StepActionData = { result: SubmissionResult<string[]> };

/** Skipping never needs valid input: the browser lets a "skip" submission through unchecked. */
const skipSchema = z.looseObject({});

function validator<Schema extends z.ZodMiniType>(schema: Schema) {
  return ({ formData }: { formData: FormData }) =>
    formData.get("intent") === "skip" ? parseWithZod(formData, { schema: skipSchema }) : parseWithZod(formData, { schema });
}

/**
 * One signup step after the account (product.md §2): each saves through a plain form post (works
 * without JavaScript) and can be skipped. `finishTo` is where the completion step continues.
 */
export function SignupStepForm({ view, actionData, finishTo }: { view: StepView; actionData?: StepActionData; finishTo: string }) {
  const { t } = useTranslation();
  return (
    <section className="signup-step" aria-labelledby="signup-step-title">
      <h1 id="signup-step-title">
        {view.step === "done" && view.confirmed ? t("signup:done.confirmedTitle") : t(`signup:${view.step}.title`)}
      </h1>
      {view.step === "photo" && <PhotoStep view={view} />}
      {view.step === "location" && <LocationStep view={view} actionData={actionData} />}
      {view.step === "personal" && <PersonalStep view={view} actionData={actionData} />}
      {view.step === "about" && <AboutStep view={view} actionData={actionData} />}
      {view.step === "push" && <PushStep vapidPublicKey={view.vapidPublicKey} />}
      {view.step === "done" && <DoneStep view={view} finishTo={finishTo} />}
    </section>
  );
}

function StepActions({ step, canSave = true }: { step: StepView["step"]; canSave?: boolean }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="signup-step__actions">
      <input type="hidden" name="step" value={step} />
      {canSave && (
        <button type="submit" name="intent" value="save" className="btn btn-primary btn-lg" disabled={busy}>
          {t("signup:actions.save")}
        </button>
      )}
      <button type="submit" name="intent" value="skip" className={canSave ? "btn btn-link" : "btn btn-primary btn-lg"} disabled={busy}>
        {canSave ? t("signup:actions.skip") : t("signup:actions.next")}
      </button>
    </div>
  );
}

/**
 * The photo step uploads right here, with the uploader of /profile (its requests go to
 * /api/photos.php; each upload reloads this step's data). "Next" goes on, with or without a photo.
 */
function PhotoStep({ view }: { view: Extract<StepView, { step: "photo" }> }) {
  const { t } = useTranslation();
  return (
    <div className="form-stack signup-photo">
      <p className="lead">{t("signup:photo.intro")}</p>
      <p className="field-hint">{t("signup:photo.review")}</p>
      <Suspense
        fallback={<p className="photo-manager">{t("photos:manager.count", { number: view.photos.length, limit: view.photoLimit })}</p>}
      >
        <PhotoManager photos={view.photos} limit={view.photoLimit} isPremium={view.isPremium} />
      </Suspense>
      <Form method="post">
        <StepActions step="photo" canSave={false} />
      </Form>
    </div>
  );
}

function LocationStep({ view, actionData }: { view: Extract<StepView, { step: "location" }>; actionData?: StepActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "signup-location",
    lastResult: actionData?.result,
    constraint: getZodConstraint(locationSchema),
    defaultValue: { region: view.regionId ? String(view.regionId) : "" },
    onValidate: validator(locationSchema),
    shouldValidate: "onBlur",
  });
  const { country } = view;
  const { defaultValue: _region, ...regionProps } = getSelectProps(fields.region);
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack">
      <p className="lead">{t("signup:location.intro", { country: country.name })}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <LocationPicker
        countries={[country]}
        regions={{ [country.code]: view.regions }}
        defaultCountry={country.code}
        defaultRegion={view.regionId ? String(view.regionId) : ""}
        countryProps={null}
        regionProps={regionProps}
        regionError={<FieldError field={fields.region} />}
      />
      <p className="field-hint">{t("signup:location.privacy")}</p>
      <StepActions step="location" />
    </Form>
  );
}

function PersonalStep({ view, actionData }: { view: Extract<StepView, { step: "personal" }>; actionData?: StepActionData }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "signup-personal",
    lastResult: actionData?.result,
    constraint: getZodConstraint(personalSchema),
    defaultValue: view.values,
    onValidate: validator(personalSchema),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack">
      <p className="lead">{t("signup:personal.intro")}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="signup-personal">
        {view.fields.map((field) => (
          <SelectField
            key={field}
            field={fields[field]}
            label={t(`profile.${field}.label`)}
            emptyLabel={t("signup:personal.noAnswer")}
            options={profileFieldOptions[field].map((option) => ({ value: option, label: t(`profile.${field}.${option}`) }))}
          />
        ))}
      </div>
      <StepActions step="personal" />
    </Form>
  );
}

function AboutStep({ view, actionData }: { view: Extract<StepView, { step: "about" }>; actionData?: StepActionData }) {
  const { t } = useTranslation();
  const [length, setLength] = useState(view.aboutMe.length);
  const [form, fields] = useForm({
    id: "signup-about",
    lastResult: actionData?.result,
    constraint: getZodConstraint(aboutSchema),
    defaultValue: { about_me: view.aboutMe },
    onValidate: validator(aboutSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="form-stack">
      <p className="lead">{t("signup:about.intro")}</p>
      <FormErrors errors={form.errors} id={form.errorId} />
      <div className="form-field">
        <label htmlFor={fields.about_me.id}>{t("signup:about.label")}</label>
        <textarea
          {...getTextareaProps(fields.about_me)}
          rows={6}
          maxLength={view.maxLength}
          onChange={(event) => setLength(event.currentTarget.value.length)}
          aria-describedby={`${fields.about_me.descriptionId} ${fields.about_me.errorId}`}
        />
        <p className="field-hint" id={fields.about_me.descriptionId}>
          {t("signup:about.hint", { count: view.maxLength - length })}
        </p>
        <FieldError field={fields.about_me} />
      </div>
      <StepActions step="about" />
    </Form>
  );
}

/** The push code loads on demand (ADR 026): it is not part of the signup page's first load. */
const pushClient = () => import("~/components/push/push-client");

function PushStep({ vapidPublicKey }: { vapidPublicKey: string }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const [pushState, setPushState] = useState<PushState | "checking">("checking");
  const [state, setState] = useState<"idle" | "working" | "failed">("idle");
  useEffect(() => {
    let active = true;
    pushClient()
      .then((client) => client.pushState(vapidPublicKey))
      .then((value) => active && setPushState(value));
    return () => {
      active = false;
    };
  }, [vapidPublicKey]);
  const capability = pushState === "subscribed" || pushState === "available" ? "capable" : pushState;

  async function enable() {
    setState("working");
    const { outcome } = await (await pushClient()).subscribeToPush(vapidPublicKey);
    if (outcome === "subscribed") {
      const save = formRef.current?.querySelector<HTMLButtonElement>('button[value="save"]');
      formRef.current?.requestSubmit(save ?? undefined);
    } else {
      if (outcome === "denied") setPushState("denied");
      setState(outcome === "denied" ? "idle" : "failed");
    }
  }

  return (
    <Form method="post" className="form-stack" ref={formRef}>
      <p className="lead">{t("signup:push.intro")}</p>
      <ul className="signup-push__benefits">
        <li>{t("signup:push.benefitMessages")}</li>
        <li>{t("signup:push.benefitLikes")}</li>
        <li>{t("signup:push.benefitControl")}</li>
      </ul>
      {capability === "capable" && (
        <button type="button" className="btn btn-secondary btn-lg" onClick={enable} disabled={state === "working"}>
          {state === "working" ? t("signup:push.enabling") : t("signup:push.enable")}
        </button>
      )}
      {capability === "unsupported" && <p className="field-hint">{t("signup:push.unsupported")}</p>}
      {capability === "denied" && <p className="field-hint">{t("signup:push.denied")}</p>}
      {state === "failed" && (
        <p className="field-error" role="alert">
          {t("signup:push.failed")}
        </p>
      )}
      <div className="signup-step__actions">
        <input type="hidden" name="step" value="push" />
        <button type="submit" name="intent" value="save" hidden />
        <button type="submit" name="intent" value="skip" className="btn btn-link">
          {capability === "capable" ? t("signup:actions.skip") : t("signup:actions.next")}
        </button>
      </div>
    </Form>
  );
}

function DoneStep({ view, finishTo }: { view: Extract<StepView, { step: "done" }>; finishTo: string }) {
  const { t } = useTranslation();
  const { email, confirmed, complete } = view;
  if (confirmed) {
    return (
      <div className="form-stack">
        <p className="lead">{complete ? t("signup:done.confirmedIntro") : t("signup:done.confirmedLater")}</p>
        <Link to={finishTo} className="btn btn-primary btn-lg">
          {t("signup:done.continue")}
        </Link>
      </div>
    );
  }
  return (
    <div className="form-stack signup-done">
      <p className="signup-done__icon">
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#mail" />
        </svg>
      </p>
      <p className="lead">{t("signup:done.checkMailbox")}</p>
      <p className="signup-done__address">{email}</p>
      <p>{t("signup:done.explain")}</p>
      <p className="field-hint">{t("signup:done.noMail")}</p>
      <ResendActivation />
      <Link to={finishTo} className="btn btn-outline btn-lg">
        {t("signup:done.continue")}
      </Link>
    </div>
  );
}
