import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { checkBirthDate, latestBirthDate, sexualityOf, soughtGenders } from "~/profiles/profile-schema";
import { signupAccountSchema } from "./signup-schema";
import { nextStep } from "./signup-steps";

const today = new Date("2026-06-15T10:00:00Z");
const schema = signupAccountSchema({ minAge: 18, countries: ["NL", "BE"], today });

const valid = {
  email: "eva@example.com",
  name: "Eva",
  password: "correct horse",
  date_of_birth: "1990-05-17",
  gender: "female",
  seeking: "male",
  country: "NL",
  signup_message: "",
  terms: "on",
};

function form(values: Record<string, string | undefined>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) data.set(key, value);
  return data;
}

/** The errors the form shows for these values (as Conform parses them in browser and server). */
function errors(values: Record<string, string | undefined>) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("the signup account form", () => {
  it("accepts a complete form and maps the fields", () => {
    const submission = parseWithZod(form(valid), { schema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ email: "eva@example.com", name: "Eva", terms: true, country: "NL" });
    expect(submission.value.signup_message).toBeUndefined();
  });

  it("rejects an invalid e-mail address with 'Ongeldige e-mail'", () => {
    expect(errors({ ...valid, email: "not-an-address" }).email).toEqual(["messages.emailInvalid"]);
    expect(errors({ ...valid, email: undefined }).email).toEqual(["messages.emailInvalid"]);
    expect(errors({ ...valid, email: `${"a".repeat(250)}@example.com` }).email).toEqual(["messages.emailInvalid"]);
  });

  it("wants a profile name that differs from the e-mail address, also in another case", () => {
    expect(errors({ ...valid, name: "eva@example.com" }).name).toEqual(["messages.nameEqualsEmail"]);
    expect(errors({ ...valid, name: "Eva@Example.com " }).name).toEqual(["messages.nameEqualsEmail"]);
  });

  it("checks the name against the e-mail even while other fields are still wrong", () => {
    const result = errors({ ...valid, name: "eva@example.com", password: "short", terms: undefined });
    expect(result.name).toEqual(["messages.nameEqualsEmail"]);
    expect(result.password).toEqual(["signup:errors.passwordLength"]);
  });

  it("refuses a name starting with @, and names too short or too long", () => {
    expect(errors({ ...valid, name: "@eva" }).name).toEqual(["messages.nameStartsWithAt"]);
    expect(errors({ ...valid, name: "E" }).name).toEqual(["signup:errors.nameLength"]);
    expect(errors({ ...valid, name: "x".repeat(31) }).name).toEqual(["signup:errors.nameLength"]);
    expect(errors({ ...valid, name: undefined }).name).toEqual(["signup:errors.nameLength"]);
  });

  it("wants a password of 8 to 256 characters", () => {
    expect(errors({ ...valid, password: "1234567" }).password).toEqual(["signup:errors.passwordLength"]);
    expect(errors({ ...valid, password: "12345678" }).password).toBeUndefined();
    expect(errors({ ...valid, password: "x".repeat(256) }).password).toBeUndefined();
    expect(errors({ ...valid, password: "x".repeat(257) }).password).toEqual(["signup:errors.passwordLength"]);
  });

  it("requires a date of birth of someone 18 or older ('Vul uw geboortedatum in (18+ jaar)')", () => {
    expect(errors({ ...valid, date_of_birth: undefined }).date_of_birth).toEqual(["messages.birthDateRequired"]);
    expect(errors({ ...valid, date_of_birth: "2010-01-01" }).date_of_birth).toEqual(["messages.birthDateRequired"]);
  });

  it("turns 18 on the birthday itself, not a day earlier", () => {
    expect(errors({ ...valid, date_of_birth: "2008-06-15" }).date_of_birth).toBeUndefined();
    expect(errors({ ...valid, date_of_birth: "2008-06-16" }).date_of_birth).toEqual(["messages.birthDateRequired"]);
  });

  it("refuses dates that do not exist or cannot be a birth date ('Ongeldige geboortedatum.')", () => {
    for (const date of ["2001-02-29", "1990-13-01", "1990-04-31", "17-05-1990", "1990-5-17", "yesterday", "1890-01-01", "2030-01-01"]) {
      expect(errors({ ...valid, date_of_birth: date }).date_of_birth, date).toEqual(["messages.birthDateInvalid"]);
    }
  });

  it("requires the terms and one of the site's countries", () => {
    expect(errors({ ...valid, terms: undefined }).terms).toEqual(["signup:errors.termsRequired"]);
    expect(errors({ ...valid, country: "DE" }).country).toEqual(["signup:errors.countryRequired"]);
    expect(errors({ ...valid, gender: "other" }).gender).toEqual(["signup:errors.genderRequired"]);
    expect(errors({ ...valid, seeking: undefined }).seeking).toEqual(["signup:errors.seekingRequired"]);
  });

  it("limits the first message to 1000 characters", () => {
    expect(errors({ ...valid, signup_message: "x".repeat(1000) }).signup_message).toBeUndefined();
    expect(errors({ ...valid, signup_message: "x".repeat(1001) }).signup_message).toEqual(["signup:errors.messageTooLong"]);
  });
});

describe("dates of birth", () => {
  it("treats someone born on 29 February as a year older on 1 March of a common year", () => {
    expect(checkBirthDate("2008-02-29", 18, new Date("2026-02-28T23:00:00Z"))).toBe("too_young");
    expect(checkBirthDate("2008-02-29", 18, new Date("2026-03-01T00:00:00Z"))).toBe("ok");
    expect(checkBirthDate("2008-02-29", 18, new Date("2028-02-29T00:00:00Z"))).toBe("ok");
    expect(checkBirthDate("2000-02-29", 18, today)).toBe("ok");
  });

  it("offers the latest birth date the date picker allows, also on 29 February", () => {
    expect(latestBirthDate(18, today)).toBe("2008-06-15");
    expect(latestBirthDate(18, new Date("2028-02-29T12:00:00Z"))).toBe("2010-02-28");
    expect(checkBirthDate(latestBirthDate(18, new Date("2028-02-29T12:00:00Z")), 18, new Date("2028-02-29T12:00:00Z"))).toBe("ok");
  });

  it("honours a site's higher minimum age", () => {
    expect(checkBirthDate("2006-01-01", 21, today)).toBe("too_young");
    const strict = signupAccountSchema({ minAge: 21, countries: ["NL"], today });
    const submission = parseWithZod(form({ ...valid, date_of_birth: "2006-01-01" }), { schema: strict });
    expect(submission.status).toBe("error");
  });
});

describe("gender and sexuality", () => {
  it("maps 'I am a … looking for …' to gender and sexuality and back", () => {
    expect(sexualityOf("male", "female")).toBe("hetero");
    expect(sexualityOf("female", "male")).toBe("hetero");
    expect(sexualityOf("male", "male")).toBe("gay");
    expect(sexualityOf("female", "female")).toBe("lesbian");
    expect(sexualityOf("female", "both")).toBe("bi");
    expect(soughtGenders("male", "hetero")).toEqual(["female"]);
    expect(soughtGenders("female", "lesbian")).toEqual(["female"]);
    expect(soughtGenders("male", "bi")).toEqual(["male", "female"]);
  });
});

describe("the steps after the account", () => {
  it("goes through every step in order, or only the open ones", () => {
    expect(nextStep("photo")).toBe("location");
    expect(nextStep("push")).toBe("done");
    expect(nextStep("done")).toBe("done");
    expect(nextStep("photo", ["about", "done"])).toBe("about");
    expect(nextStep("location", ["photo", "about", "done"])).toBe("about");
  });
});
