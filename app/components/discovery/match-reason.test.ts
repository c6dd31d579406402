import { describe, expect, it } from "vitest";
import common from "../../../locales/en/common.json";
import discovery from "../../../locales/en/discovery.json";
import nlCommon from "../../../locales/nl/common.json";
import nlDiscovery from "../../../locales/nl/discovery.json";
import deCommon from "../../../locales/de/common.json";
import deDiscovery from "../../../locales/de/discovery.json";
import { createTranslator } from "~/i18n/translation";
import { explainMatch } from "./match-reason";

const translators = {
  en: createTranslator("en", { common, discovery }),
  nl: createTranslator("nl", { common: nlCommon, discovery: nlDiscovery }),
  de: createTranslator("de", { common: deCommon, discovery: deDiscovery }),
};

const line = (language: string, reasons: Parameters<typeof explainMatch>[0]) =>
  explainMatch(reasons, translators[language as keyof typeof translators].t, language);

describe("the match finder's one-line explanation", () => {
  it("names shared interests, the place and the age gap", () => {
    const reasons = {
      sharedInterests: ["cooking", "travelling"],
      place: { kind: "region" as const, name: "Utrecht" },
      ageGap: 2,
      activity: "day" as const,
    };
    expect(line("en", reasons)).toBe("You both like cooking and travelling · Both in Utrecht · 2 years apart");
    expect(line("nl", reasons)).toBe("Jullie houden allebei van koken en reizen · Allebei in Utrecht · 2 jaar verschil");
    // German keeps its nouns capitalised.
    expect(line("de", reasons)).toBe("Ihr mögt beide Kochen und Reisen · Beide in Utrecht · 2 Jahre Unterschied");
  });

  it("names the country in the member's language and mentions activity when there is room", () => {
    expect(line("en", { sharedInterests: [], place: { kind: "country", code: "NL" }, ageGap: 0, activity: "week" })).toBe(
      "Same country: Netherlands · Same age · Active this week",
    );
    expect(line("de", { sharedInterests: [], place: { kind: "country", code: "NL" }, ageGap: 6, activity: "day" })).toBe(
      "Gleiches Land: Niederlande · Heute aktiv",
    );
  });

  it("lists at most three interests", () => {
    const reasons = { sharedInterests: ["art", "beach", "cooking", "dancing"], place: null, ageGap: 7, activity: null };
    expect(line("en", reasons)).toBe("You both like art, beach and cooking");
  });

  it("falls back to the fit itself", () => {
    expect(line("en", { sharedInterests: [], place: null, ageGap: 8, activity: "month" })).toBe("You're looking for each other");
  });
});
