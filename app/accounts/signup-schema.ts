/**
 * The signup forms, validated by the same schemas in the browser (Conform) and on the server.
 * Messages are locale keys: the required sentences (product.md §5) live in common `messages.*`,
 * the rest in the `signup` namespace. Written with zod/mini, as every schema the browser loads (ADR 028).
 */
import { z } from "zod/mini";
import { cleanParagraphs, optionalText } from "~/utils/clean-text";
import {
  birthDateField,
  countryField,
  genderField,
  nameField,
  sameAsEmail,
  seekingField,
  type Gender,
  type Seeking,
} from "~/profiles/profile-schema";

export { MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH } from "./password-rules";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-rules";
export const MAX_SIGNUP_MESSAGE = 1000;

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
  /** Days a deleted account can still be reactivated (product.md §4). */
  graceDays: number;
};

const text = (error: string) => z.string({ error });

/** Step 1: the account (product.md §3 "Signup form": email, name, password, date_of_birth, signup_message). */
export function signupAccountSchema({ minAge, countries, today }: SignupRules) {
  return z
    .object({
      email: z.email({ error: "messages.emailInvalid" }).check(z.maxLength(254, { error: "messages.emailInvalid" })),
      name: nameField,
      password: text("signup:errors.passwordLength").check(
        z.minLength(MIN_PASSWORD_LENGTH, { error: "signup:errors.passwordLength" }),
        z.maxLength(MAX_PASSWORD_LENGTH, { error: "signup:errors.passwordLength" }),
      ),
      date_of_birth: birthDateField(minAge, today),
      gender: genderField,
      seeking: seekingField,
      country: countryField(countries),
      signup_message: z.optional(
        z.pipe(
          z.pipe(z.string(), z.transform(optionalText(cleanParagraphs))),
          z.optional(z.string().check(z.maxLength(MAX_SIGNUP_MESSAGE, { error: "signup:errors.messageTooLong" }))),
        ),
      ),
      terms: z
        .boolean({ error: "signup:errors.termsRequired" })
        .check(z.refine((accepted) => accepted, { error: "signup:errors.termsRequired" })),
    })
    .check(
      z.refine((form) => !sameAsEmail(form.name, form.email), {
        path: ["name"],
        error: "messages.nameEqualsEmail",
        // Checked as soon as both fields are valid on their own, whatever the other fields hold.
        when: ({ issues }) => !issues.some((issue) => issue.path?.[0] === "name" || issue.path?.[0] === "email"),
      }),
    );
}

export type SignupAccount = z.infer<ReturnType<typeof signupAccountSchema>>;

/** The resend form of /activate/error and the reminder: an address, or none for the signed-in member. */
export const resendSchema = z.object({
  email: z.optional(z.email({ error: "messages.emailInvalid" }).check(z.maxLength(254, { error: "messages.emailInvalid" }))),
  redirectTo: z.optional(z.string()),
});
