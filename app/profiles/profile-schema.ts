/**
 * The profile's fields and their validation, shared by the signup steps and the profile editor
 * (/profile), in the browser (Conform) and on the server. Messages are locale keys: the required
 * sentences (product.md §5) live in common `messages.*`, the rest in the `signup` namespace.
 * Written with zod/mini, as every schema the browser loads (ADR 028).
 */
import { z } from "zod/mini";
import { ageOn } from "~/profiles/age";
import { genders, interestKeys, profileFieldOptions, type ProfileField } from "~/profiles/profile-fields";
import { cleanLine, cleanParagraphs, hasVisibleLetter, optionalText } from "~/utils/clean-text";

export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 30;
export const MAX_ABOUT_ME = 1000;
/** Nobody this old signs up; such a date is a typing error ('Ongeldige geboortedatum.'). */
const MAX_AGE = 110;

export const seekingOptions = ["male", "female", "both"] as const;
export type Gender = (typeof genders)[number];
export type Seeking = (typeof seekingOptions)[number];
export type Sexuality = "hetero" | "gay" | "lesbian" | "bi";
export type InterestKey = (typeof interestKeys)[number];

/** "I am a man looking for women" → gender male, sexuality hetero (product.md §3 profile fields). */
export function sexualityOf(gender: Gender, seeking: Seeking): Sexuality {
  if (seeking === "both") return "bi";
  if (seeking !== gender) return "hetero";
  return gender === "male" ? "gay" : "lesbian";
}

/** The genders a member with this gender and sexuality is looking for. */
export function soughtGenders(gender: Gender, sexuality: Sexuality): Gender[] {
  if (sexuality === "bi") return ["male", "female"];
  const other: Gender = gender === "male" ? "female" : "male";
  return sexuality === "hetero" ? [other] : [gender];
}

/** The "looking for" choice that gives this gender and sexuality (the inverse of `sexualityOf`). */
export function seekingOf(gender: Gender, sexuality: Sexuality): Seeking {
  const sought = soughtGenders(gender, sexuality);
  return sought.length > 1 ? "both" : sought[0]!;
}

export type BirthDateCheck = "ok" | "invalid" | "too_young";

/** Checks an ISO date of birth (YYYY-MM-DD) against the site's minimum age on `today` (UTC). */
export function checkBirthDate(value: string, minAge: number, today: Date): BirthDateCheck {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return "invalid";
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects days that do not exist (2001-02-29, 2000-13-01) instead of rolling them over.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return "invalid";
  const age = ageOn(value, today);
  if (age < 0 || age > MAX_AGE) return "invalid";
  return age < minAge ? "too_young" : "ok";
}

/** The latest date of birth that makes someone `minAge` today: the `max` of the date picker. */
export function latestBirthDate(minAge: number, today: Date): string {
  const year = today.getUTCFullYear() - minAge;
  const month = today.getUTCMonth();
  // Born on 29 February: on non-leap years that birthday is celebrated on 1 March (see ageOn).
  let day = today.getUTCDate();
  while (new Date(Date.UTC(year, month, day)).getUTCMonth() !== month) day -= 1;
  return new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
}

const text = (error: string) => z.string({ error });

/**
 * product.md §5: a profile name of 2–30 characters that does not start with @; cleaned of invisible
 * characters first (clean-text.ts), and it must show a letter.
 */
export const nameField = z.pipe(
  z.pipe(text("signup:errors.nameLength"), z.transform(cleanLine)),
  // Conform reads a text that cleaning left empty as a missing one.
  z.string({ error: "signup:errors.nameLength" }).check(
    z.minLength(MIN_NAME_LENGTH, { error: "signup:errors.nameLength" }),
    z.maxLength(MAX_NAME_LENGTH, { error: "signup:errors.nameLength" }),
    z.refine((name) => !name.startsWith("@"), { error: "messages.nameStartsWithAt" }),
    z.refine(hasVisibleLetter, { error: "signup:errors.nameLetters", abort: true }),
  ),
);

/** product.md §5: 'Vul uw geboortedatum in ({min_age}+ jaar)' and 'Ongeldige geboortedatum.'. */
export function birthDateField(minAge: number, today: Date) {
  return text("messages.birthDateRequired").check(
    z.superRefine((value, ctx) => {
      const check = checkBirthDate(value, minAge, today);
      if (check === "invalid") ctx.addIssue({ code: "custom", message: "messages.birthDateInvalid" });
      if (check === "too_young") ctx.addIssue({ code: "custom", message: "messages.birthDateRequired" });
    }),
  );
}

/** product.md §5: the profile name must differ from the e-mail address, whatever the case. */
export function sameAsEmail(name: string, email: string): boolean {
  return name.trim().toLowerCase() === email.trim().toLowerCase();
}

export const genderField = z.enum(genders, { error: "signup:errors.genderRequired" });
export const seekingField = z.enum(seekingOptions, { error: "signup:errors.seekingRequired" });

export function countryField(countries: readonly string[]) {
  return text("signup:errors.countryRequired").check(
    z.refine((country) => countries.includes(country), { error: "signup:errors.countryRequired" }),
  );
}

/** A region of the member's country (`regions` table); the server checks it belongs to the country. */
export const regionField = z.int({ error: "signup:errors.regionRequired" }).check(z.positive({ error: "signup:errors.regionRequired" }));

/** Signup step 3: the region of the member's country. */
export const locationSchema = z.object({ region: regionField });

/** The fixed profile fields, each optional (product.md §10: fixed, translated lists). */
const choice = <const T extends readonly [string, ...string[]]>(options: T) => z.optional(z.enum(options, { error: "messages.generic" }));

export const personalFields = {
  hair_color: choice(profileFieldOptions.hair_color),
  eye_color: choice(profileFieldOptions.eye_color),
  body_type: choice(profileFieldOptions.body_type),
  relationship_status: choice(profileFieldOptions.relationship_status),
  tattoos: choice(profileFieldOptions.tattoos),
  signup_reason: choice(profileFieldOptions.signup_reason),
} satisfies Record<ProfileField, unknown>;

/** Signup step 4: the personal fields. */
export const personalSchema = z.object(personalFields);

export const aboutMeField = z.optional(
  z.pipe(
    z.pipe(z.string(), z.transform(optionalText(cleanParagraphs))),
    z.optional(z.string().check(z.maxLength(MAX_ABOUT_ME, { error: "signup:errors.aboutTooLong" }))),
  ),
);

/** Signup step 5: about me. */
export const aboutSchema = z.object({ about_me: aboutMeField });

/** The interests a member ticks (the 50 of product.md §2); none at all is fine. */
export const interestsField = z.optional(z.array(z.enum(interestKeys, { error: "messages.generic" })));

export type ProfileEditRules = {
  /** The site's `min_age` setting. */
  minAge: number;
  /** The countries the site serves. */
  countries: readonly string[];
  today: Date;
  /** The member's own e-mail address: the profile name must differ from it (product.md §5). */
  email: string;
};

/** /profile: every field a member edits, with the same rules and messages as at signup. */
export function profileEditSchema({ minAge, countries, today, email }: ProfileEditRules) {
  return z
    .object({
      name: nameField,
      gender: genderField,
      seeking: seekingField,
      date_of_birth: birthDateField(minAge, today),
      country: countryField(countries),
      region: z.optional(regionField),
      about_me: aboutMeField,
      interests: interestsField,
      ...personalFields,
    })
    .check(
      z.refine((form) => !sameAsEmail(form.name, email), {
        path: ["name"],
        error: "messages.nameEqualsEmail",
        when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "name"),
      }),
    );
}

export type ProfileEdit = z.infer<ReturnType<typeof profileEditSchema>>;
