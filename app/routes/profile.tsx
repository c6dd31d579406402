import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { useMemo, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/profile";
import { FieldError, FormErrors } from "~/components/forms/FieldError";
import { SelectField } from "~/components/forms/SelectField";
import { PhotoManager } from "~/components/photos/PhotoManager";
import { InterestPicker } from "~/components/profiles/InterestPicker";
import { LocationPicker } from "~/components/profiles/LocationPicker";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { photoManagerData } from "~/photos/photos.server";
import { ownProfileEditor, saveOwnProfile } from "~/profiles/own-profile.server";
import { genders, profileFieldOptions } from "~/profiles/profile-fields";
import { MAX_ABOUT_ME, profileEditSchema, seekingOptions } from "~/profiles/profile-schema";
import { readInput } from "~/http/forms.server";
import { requireMember } from "~/http/guards.server";
import { useZodForm } from "~/components/forms/use-zod-form";
import { BirthDateField, ProfileNameField } from "~/components/forms/ProfileBasicsFields";

/** /profile: the member edits their own profile and photos. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireMember(context, request);
  const site = getSite(context);
  const { db, now } = getServices(context);
  const [editor, photos] = await Promise.all([
    ownProfileEditor(db, {
      profileId: user.profile.id,
      email: user.email,
      settings: site.settings,
      now: now(),
      language: getLocale(context),
    }),
    photoManagerData(db, site.settings, user),
  ]);
  if (!editor) throw data(null, { status: 404 });
  return { ...editor, photos, profileId: user.profile.id, title: `${getI18n(context).t("members:edit.title")} · ${site.name}` };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireMember(context, request);
  const { db, now } = getServices(context);
  const { settings } = getSite(context);
  const schema = profileEditSchema({ minAge: settings.minAge, countries: settings.countries, today: now(), email: user.email });
  const { submission } = await readInput(request, schema);
  if (submission.status !== "success") return data({ result: submission.reply(), saved: false }, { status: 400 });
  const outcome = await saveOwnProfile(db, { profileId: user.profile.id, settings, value: submission.value });
  if (outcome === "unknown_region") {
    return data({ result: submission.reply({ fieldErrors: { region: ["signup:errors.regionRequired"] } }), saved: false }, { status: 400 });
  }
  return { result: submission.reply(), saved: true };
}

export default function OwnProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { config, values, photos, profileId } = loaderData;
  return (
    <main id="main" className="container narrow section own-profile">
      <header className="own-profile__header">
        <h1>{t("members:edit.title")}</h1>
        <Link to={href("/members/:id", { id: String(profileId) })} className="btn btn-outline btn-sm">
          {t("members:edit.preview")}
        </Link>
      </header>

      <section className="profile-section" aria-labelledby="own-photos">
        <h2 id="own-photos">{t("members:edit.photos")}</h2>
        <PhotoManager photos={photos.photos} limit={photos.limit} isPremium={photos.isPremium} />
      </section>

      <ProfileForm
        config={config}
        values={values}
        lastResult={actionData?.result}
        saved={actionData?.saved ?? false}
        profileId={profileId}
      />
    </main>
  );
}

function ProfileForm({
  config,
  values,
  lastResult,
  saved,
  profileId,
}: {
  config: Route.ComponentProps["loaderData"]["config"];
  values: Route.ComponentProps["loaderData"]["values"];
  lastResult: SubmissionResult<string[]> | undefined;
  saved: boolean;
  profileId: number;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const schema = useMemo(
    () =>
      profileEditSchema({
        minAge: config.minAge,
        countries: config.countries.map(({ code }) => code),
        today: new Date(`${config.today}T12:00:00Z`),
        email: config.email,
      }),
    [config.minAge, config.countries, config.today, config.email],
  );
  const [form, fields] = useZodForm(schema, { id: "profile-edit", lastResult, defaultValue: values });
  const [aboutLength, setAboutLength] = useState(values.about_me.length);
  const { defaultValue: _country, ...countryProps } = getSelectProps(fields.country);
  const { defaultValue: _region, ...regionProps } = getSelectProps(fields.region);

  return (
    <Form method="post" {...getFormProps(form)} className="form-stack own-profile__form">
      {saved && form.status !== "error" && (
        <p className="alert alert-success" role="status">
          {t("members:edit.saved")} <Link to={href("/members/:id", { id: String(profileId) })}>{t("members:edit.preview")}</Link>
        </p>
      )}
      <FormErrors errors={form.errors} id={form.errorId} />

      <fieldset className="profile-section">
        <legend className="h5">{t("members:edit.basics")}</legend>
        <ProfileNameField field={fields.name} />
        <div className="row">
          <SelectField
            className="form-field col-md-6"
            field={fields.gender}
            label={t("signup:account.iAm")}
            options={genders.map((gender) => ({ value: gender, label: t(`signup:account.gender.${gender}`) }))}
          />
          <SelectField
            className="form-field col-md-6"
            field={fields.seeking}
            label={t("signup:account.lookingFor")}
            options={seekingOptions.map((seeking) => ({ value: seeking, label: t(`signup:account.seeking.${seeking}`) }))}
          />
        </div>
        <BirthDateField field={fields.date_of_birth} maxBirthDate={config.maxBirthDate} minAge={config.minAge} />
      </fieldset>

      <fieldset className="profile-section">
        <legend className="h5">{t("members:edit.location")}</legend>
        <LocationPicker
          countries={config.countries}
          regions={config.regions}
          defaultCountry={values.country}
          defaultRegion={values.region}
          countryProps={countryProps}
          regionProps={regionProps}
          countryError={<FieldError field={fields.country} />}
          regionError={<FieldError field={fields.region} />}
        />
      </fieldset>

      <fieldset className="profile-section">
        <legend className="h5">{t("signup:about.title")}</legend>
        <div className="form-field">
          <label htmlFor={fields.about_me.id}>{t("signup:about.label")}</label>
          <textarea
            {...getTextareaProps(fields.about_me)}
            rows={6}
            maxLength={MAX_ABOUT_ME}
            onChange={(event) => setAboutLength(event.currentTarget.value.length)}
            aria-describedby={`${fields.about_me.descriptionId} ${fields.about_me.errorId}`}
          />
          <p className="field-hint" id={fields.about_me.descriptionId}>
            {t("signup:about.hint", { count: MAX_ABOUT_ME - aboutLength })}
          </p>
          <FieldError field={fields.about_me} />
        </div>
      </fieldset>

      <InterestPicker
        name={fields.interests.name}
        selected={values.interests}
        legend={t("members:edit.interests")}
        errors={<FieldError field={fields.interests} />}
      />

      {config.fields.length > 0 && (
        <fieldset className="profile-section">
          <legend className="h5">{t("signup:personal.title")}</legend>
          <div className="row">
            {config.fields.map((field) => (
              <SelectField
                key={field}
                className="form-field col-md-6"
                field={fields[field]}
                label={t(`profile.${field}.label`)}
                emptyLabel={t("signup:personal.noAnswer")}
                options={profileFieldOptions[field].map((option) => ({ value: option, label: t(`profile.${field}.${option}`) }))}
              />
            ))}
          </div>
        </fieldset>
      )}

      <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
        {busy ? t("members:edit.saving") : t("members:edit.save")}
      </button>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
