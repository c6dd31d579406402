/**
 * The signup forms, validated by the same schemas in the browser (Conform) and on the server.
 * Messages are locale keys: the spec's own sentences (spec §5) live in common `messages.*`, the
 * rest in the `signup` namespace.
 */
import { z } from "zod";
import { ageOn } from "~/profiles/age";
import { genders, profileFieldOptions, type ProfileField } from "~/profiles/profile-fields";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 30;
export const MAX_SIGNUP_MESSAGE = 1000;
export const MAX_ABOUT_ME = 1000;
/** Nobody this old signs up; such a date is a typing error ('Ongeldige geboortedatum.'). */
const MAX_AGE = 110;

export const seekingOptions = ["male", "female", "both"] as const;
export type Gender = (typeof genders)[number];
export type Seeking = (typeof seekingOptions)[number];
export type Sexuality = "hetero" | "gay" | "lesbian" | "bi";

/** "I am a man looking for women" → gender male, sexuality hetero (spec §3 profile fields). */
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

export type SignupRules = {
  /** The site's `min_age` setting (18). */
  minAge: number;
  /** The countries the site serves. */
  countries: readonly string[];
  today: Date;
};

/** What the account form needs from the server (the /signup loader). */
export type AccountFormConfig = {
  minAge: number;
  /** The server's date (YYYY-MM-DD), so browser and server judge an age on the same day. */
  today: string;
  maxBirthDate: string;
  countries: string[];
  defaultCountry: string;
  defaultGender: Gender;
  defaultSeeking: Seeking;
  /** Days a deleted account can still be reactivated (spec §4). */
  graceDays: number;
};

const text = (error: string) => z.string({ error });

/** Step 1: the account (spec §3 "Signup form": email, name, password, date_of_birth, signup_message). */
export function signupAccountSchema({ minAge, countries, today }: SignupRules) {
  return z
    .object({
      email: z.email({ error: "messages.emailInvalid" }).max(254, { error: "messages.emailInvalid" }),
      name: text("signup:errors.nameLength")
        .trim()
        .min(MIN_NAME_LENGTH, { error: "signup:errors.nameLength" })
        .max(MAX_NAME_LENGTH, { error: "signup:errors.nameLength" })
        .refine((name) => !name.startsWith("@"), { error: "messages.nameStartsWithAt" }),
      password: text("signup:errors.passwordLength")
        .min(MIN_PASSWORD_LENGTH, { error: "signup:errors.passwordLength" })
        .max(MAX_PASSWORD_LENGTH, { error: "signup:errors.passwordLength" }),
      date_of_birth: text("messages.birthDateRequired").superRefine((value, ctx) => {
        const check = checkBirthDate(value, minAge, today);
        if (check === "invalid") ctx.addIssue({ code: "custom", message: "messages.birthDateInvalid" });
        if (check === "too_young") ctx.addIssue({ code: "custom", message: "messages.birthDateRequired" });
      }),
      gender: z.enum(genders, { error: "signup:errors.genderRequired" }),
      seeking: z.enum(seekingOptions, { error: "signup:errors.seekingRequired" }),
      country: text("signup:errors.countryRequired").refine((country) => countries.includes(country), {
        error: "signup:errors.countryRequired",
      }),
      signup_message: z
        .string()
        .trim()
        .max(MAX_SIGNUP_MESSAGE, { error: "signup:errors.messageTooLong" })
        .optional(),
      terms: z.boolean({ error: "signup:errors.termsRequired" }).refine((accepted) => accepted, {
        error: "signup:errors.termsRequired",
      }),
    })
    .refine((form) => form.name.toLowerCase() !== form.email.trim().toLowerCase(), {
      path: ["name"],
      error: "messages.nameEqualsEmail",
      // Checked as soon as both fields are valid on their own, whatever the other fields hold.
      when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "name" || issue.path?.[0] === "email"),
    });
}

export type SignupAccount = z.infer<ReturnType<typeof signupAccountSchema>>;

/** Step 3: the region of the member's country (`regions` table). */
export const locationSchema = z.object({
  region: z.number({ error: "signup:errors.regionRequired" }).int().positive({ error: "signup:errors.regionRequired" }),
});

/** Step 4: the fixed profile fields, each optional (PRODUCT.md: fixed, translated lists). */
const choice = <const T extends readonly [string, ...string[]]>(options: T) =>
  z.enum(options, { error: "messages.generic" }).optional();

export const personalSchema = z.object({
  hair_color: choice(profileFieldOptions.hair_color),
  eye_color: choice(profileFieldOptions.eye_color),
  body_type: choice(profileFieldOptions.body_type),
  relationship_status: choice(profileFieldOptions.relationship_status),
  tattoos: choice(profileFieldOptions.tattoos),
  signup_reason: choice(profileFieldOptions.signup_reason),
} satisfies Record<ProfileField, unknown>);

/** Step 5: about me. */
export const aboutSchema = z.object({
  about_me: z.string().trim().max(MAX_ABOUT_ME, { error: "signup:errors.aboutTooLong" }).optional(),
});

/** The resend form of /activate/error and the reminder: an address, or none for the signed-in member. */
export const resendSchema = z.object({
  email: z.email({ error: "messages.emailInvalid" }).max(254, { error: "messages.emailInvalid" }).optional(),
  redirectTo: z.string().optional(),
});
