import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { profileEditSchema, seekingOf, sexualityOf } from "./profile-schema";

const today = new Date("2026-06-15T10:00:00Z");
const schema = profileEditSchema({ minAge: 18, countries: ["NL", "BE"], today, email: "eva@example.com" });

const valid: Record<string, string | string[]> = {
  name: "Eva",
  gender: "female",
  seeking: "male",
  date_of_birth: "1990-05-17",
  country: "NL",
  region: "3",
  about_me: "Hallo!",
  interests: ["music", "wine"],
  hair_color: "blonde",
};

function form(values: Record<string, string | string[] | undefined>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (Array.isArray(value)) for (const item of value) data.append(key, item);
    else if (value !== undefined) data.set(key, value);
  }
  return data;
}

function errors(values: Record<string, string | string[] | undefined>) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

describe("the profile editor's form", () => {
  it("accepts a complete form", () => {
    const submission = parseWithZod(form(valid), { schema });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ name: "Eva", region: 3, interests: ["music", "wine"], hair_color: "blonde" });
  });

  it("leaves region, interests, about-me and the personal fields optional", () => {
    const submission = parseWithZod(
      form({ ...valid, region: undefined, interests: undefined, about_me: undefined, hair_color: undefined }),
      { schema },
    );
    expect(submission.status).toBe("success");
  });

  it("uses the spec's messages for the name and the date of birth", () => {
    expect(errors({ ...valid, name: "EVA@example.com" }).name).toEqual(["messages.nameEqualsEmail"]);
    expect(errors({ ...valid, name: "@eva" }).name).toEqual(["messages.nameStartsWithAt"]);
    expect(errors({ ...valid, date_of_birth: "2010-01-01" }).date_of_birth).toEqual(["messages.birthDateRequired"]);
    expect(errors({ ...valid, date_of_birth: "1990-02-30" }).date_of_birth).toEqual(["messages.birthDateInvalid"]);
  });

  it("cleans invisible characters out of the name and the about-me, and wants a letter in the name", () => {
    const submission = parseWithZod(form({ ...valid, name: "E\u200Bv\u0000a\u202E", about_me: "Hoi\uFEFF\u2028daar\u{E0041}" }), {
      schema,
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value).toMatchObject({ name: "Eva", about_me: "Hoi\ndaar" });
    expect(errors({ ...valid, name: "\u202E".repeat(30) }).name).toEqual(["signup:errors.nameLength"]);
    expect(errors({ ...valid, name: "\u200B\u200C\u200D\u2060\u3164\u3164" }).name).toEqual(["signup:errors.nameLength"]);
    expect(errors({ ...valid, name: "12345" }).name).toEqual(["signup:errors.nameLetters"]);
    expect(errors({ ...valid, name: "!! ❤️ !!" }).name).toEqual(["signup:errors.nameLetters"]);
  });

  it("refuses unknown options, countries and interests, and an about-me over 1000 characters", () => {
    expect(errors({ ...valid, country: "DE" }).country).toEqual(["signup:errors.countryRequired"]);
    expect(errors({ ...valid, hair_color: "purple" }).hair_color).toEqual(["messages.generic"]);
    expect(errors({ ...valid, interests: ["music", "knitting"] })["interests[1]"]).toEqual(["messages.generic"]);
    expect(errors({ ...valid, about_me: "x".repeat(1001) }).about_me).toEqual(["signup:errors.aboutTooLong"]);
    expect(errors({ ...valid, region: "north" }).region).toEqual(["signup:errors.regionRequired"]);
  });
});

describe("looking for", () => {
  it("is the inverse of the sexuality mapping", () => {
    for (const gender of ["male", "female"] as const) {
      for (const seeking of ["male", "female", "both"] as const) expect(seekingOf(gender, sexualityOf(gender, seeking))).toBe(seeking);
    }
  });
});
