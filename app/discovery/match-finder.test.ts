import { describe, expect, it } from "vitest";
import {
  ACTIVITY_POINTS,
  AGE_POINTS,
  COUNTRY_POINTS,
  INTEREST_POINTS,
  MAX_COUNTED_INTERESTS,
  REGION_POINTS,
  rankSuggestions,
  scoreCandidate,
  type CandidateFacts,
  type FitFacts,
} from "./match-finder.server";

const NOW = new Date("2025-06-15T12:00:00Z");
const HOUR = 3600 * 1000;

const viewer: FitFacts = {
  id: 1,
  gender: "male",
  sexuality: "hetero",
  birthDate: "1990-01-01",
  country: "NL",
  regionId: 7,
  lastActiveAt: NOW,
};

let nextId = 100;
function candidate(overrides: Partial<CandidateFacts> = {}): CandidateFacts {
  return {
    id: nextId++,
    gender: "female",
    sexuality: "hetero",
    birthDate: "1990-01-01",
    country: "DE",
    regionId: null,
    region: null,
    // Idle for more than a month: no activity points unless a test asks for them.
    lastActiveAt: new Date(NOW.getTime() - 40 * 24 * HOUR),
    sharedInterests: [],
    ...overrides,
  };
}

describe("scoreCandidate", () => {
  it("needs the gender and sexuality to fit both ways", () => {
    expect(scoreCandidate(viewer, candidate({ gender: "male" }), NOW)).toBeNull();
    expect(scoreCandidate(viewer, candidate({ sexuality: "lesbian" }), NOW)).toBeNull();
    expect(scoreCandidate(viewer, candidate({ sexuality: "bi" }), NOW)).not.toBeNull();
    expect(scoreCandidate({ ...viewer, sexuality: "gay" }, candidate(), NOW)).toBeNull();
    expect(scoreCandidate({ ...viewer, sexuality: "gay" }, candidate({ gender: "male", sexuality: "gay" }), NOW)).not.toBeNull();
  });

  it("never suggests the member to themselves", () => {
    expect(scoreCandidate(viewer, candidate({ id: viewer.id }), NOW)).toBeNull();
  });

  it("keeps ages within 8 years, scoring closer ages higher", () => {
    expect(scoreCandidate(viewer, candidate({ birthDate: "1981-06-01" }), NOW)).toBeNull(); // 9 years older
    expect(scoreCandidate(viewer, candidate({ birthDate: "1999-06-01" }), NOW)).toBeNull(); // 9 years younger
    const same = scoreCandidate(viewer, candidate(), NOW)!;
    const four = scoreCandidate(viewer, candidate({ birthDate: "1986-01-01" }), NOW)!;
    const eight = scoreCandidate(viewer, candidate({ birthDate: "1982-01-01" }), NOW)!;
    expect(same.score).toBe(AGE_POINTS);
    expect(four.score).toBe(AGE_POINTS / 2);
    expect(eight.score).toBe(0);
    expect(four.reasons.ageGap).toBe(4);
  });

  it("prefers the same region over the same country over abroad", () => {
    const region = scoreCandidate(viewer, candidate({ country: "NL", regionId: 7, region: "Utrecht" }), NOW)!;
    const country = scoreCandidate(viewer, candidate({ country: "NL", regionId: 8, region: "Drenthe" }), NOW)!;
    const abroad = scoreCandidate(viewer, candidate(), NOW)!;
    expect(region.score - abroad.score).toBe(REGION_POINTS);
    expect(country.score - abroad.score).toBe(COUNTRY_POINTS);
    expect(region.reasons.place).toEqual({ kind: "region", name: "Utrecht" });
    expect(country.reasons.place).toEqual({ kind: "country", code: "NL" });
    expect(abroad.reasons.place).toBeNull();
    // A region id only counts within the same country.
    expect(scoreCandidate(viewer, candidate({ country: "BE", regionId: 7, region: "Elders" }), NOW)!.reasons.place).toBeNull();
  });

  it("counts shared interests, up to a cap", () => {
    const two = scoreCandidate(viewer, candidate({ sharedInterests: ["cooking", "wine"] }), NOW)!;
    expect(two.reasons.sharedInterests).toEqual(["cooking", "wine"]);
    expect(two.score).toBe(AGE_POINTS + 2 * INTEREST_POINTS);
    const many = ["cooking", "travelling", "music", "wine", "beach", "art", "tea"];
    const capped = scoreCandidate(viewer, candidate({ sharedInterests: many }), NOW)!;
    expect(capped.score).toBe(AGE_POINTS + MAX_COUNTED_INTERESTS * INTEREST_POINTS);
    expect(capped.reasons.sharedInterests).toHaveLength(7);
  });

  it("rewards recent activity", () => {
    const at = (hoursAgo: number) => scoreCandidate(viewer, candidate({ lastActiveAt: new Date(NOW.getTime() - hoursAgo * HOUR) }), NOW)!;
    expect(at(2).score).toBe(AGE_POINTS + ACTIVITY_POINTS.day);
    expect(at(2).reasons.activity).toBe("day");
    expect(at(3 * 24).reasons.activity).toBe("week");
    expect(at(20 * 24).score).toBe(AGE_POINTS + ACTIVITY_POINTS.month);
    expect(at(60 * 24).reasons.activity).toBeNull();
  });
});

describe("rankSuggestions", () => {
  it("puts the best fit first, drops those who do not fit, and stops at the limit", () => {
    const neighbour = candidate({ country: "NL", regionId: 7, region: "Utrecht", sharedInterests: ["cooking"] });
    const kindred = candidate({ sharedInterests: ["cooking", "travelling", "music"] });
    const stranger = candidate();
    const man = candidate({ gender: "male" });
    const tooOld = candidate({ birthDate: "1970-01-01", sharedInterests: ["cooking", "travelling", "music", "wine"] });
    const ranked = rankSuggestions(viewer, [stranger, man, kindred, tooOld, neighbour], NOW);
    expect(ranked.map((entry) => entry.candidate.id)).toEqual([neighbour.id, kindred.id, stranger.id]);
    expect(rankSuggestions(viewer, [stranger, kindred, neighbour], NOW, 2)).toHaveLength(2);
  });

  it("breaks ties by recent activity, then by id", () => {
    const idle = new Date(NOW.getTime() - 50 * 24 * HOUR);
    const newer = candidate({ id: 9000, lastActiveAt: new Date(NOW.getTime() - 45 * 24 * HOUR) });
    const [a, b, c] = [
      candidate({ id: 3000, lastActiveAt: idle }),
      candidate({ id: 1000, lastActiveAt: idle }),
      candidate({ id: 2000, lastActiveAt: idle }),
    ];
    expect(rankSuggestions(viewer, [a, newer, b, c], NOW).map((entry) => entry.candidate.id)).toEqual([9000, 1000, 2000, 3000]);
  });
});
