/**
 * The match finder (/match-finder): suggestions ranked by mutual fit, each with the reasons the
 * member is told in one line. Fetching is one bounded query: the most recently active members who
 * fit both ways and were born within `AGE_BAND_YEARS` of the member, each with the interests they
 * share with the member (found by the database: reading every candidate's interests to compare
 * them here cost more CPU than the rest of the page). The ranking is the pure `rankSuggestions`.
 *
 * Score (higher is better):
 * - gender and sexuality must fit both ways, and ages be at most `AGE_BAND_YEARS` apart (else no suggestion);
 * - place: same region `REGION_POINTS`, else same country `COUNTRY_POINTS`;
 * - age: up to `AGE_POINTS`, falling linearly to 0 at `AGE_BAND_YEARS` apart;
 * - shared interests: `INTEREST_POINTS` each, counted up to `MAX_COUNTED_INTERESTS`;
 * - recent activity: `ACTIVITY_POINTS` for the last day, the last week or the last month.
 */
import { gte, lte, notInArray, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { ageOn, shiftYears } from "~/profiles/age";
import { toProfileCard, type ProfileCard } from "~/profiles/profile-card.server";
import { fitsBothWays, type Orientation } from "./fit";
import { fittingInDiscoveryOrder, notLikedBy, type DiscoveryMember } from "./member.server";

const { profiles } = schema;

export const AGE_BAND_YEARS = 8;
export const REGION_POINTS = 30;
export const COUNTRY_POINTS = 10;
export const AGE_POINTS = 20;
export const INTEREST_POINTS = 8;
export const MAX_COUNTED_INTERESTS = 5;
export const ACTIVITY_POINTS = { day: 15, week: 8, month: 3 } as const;
/** Candidates fetched per visit, and suggestions shown. */
export const CANDIDATE_POOL = 200;
export const SUGGESTIONS = 12;

const DAY_MS = 24 * 3600 * 1000;

/** What scoring reads about a member (the viewer or a candidate). */
export type FitFacts = Orientation & {
  id: number;
  birthDate: string;
  country: string;
  regionId: number | null;
  lastActiveAt: Date;
};

/** A suggestion's member: their facts, region name and the interest keys they share with the viewer. */
export type CandidateFacts = FitFacts & { region: string | null; sharedInterests: string[] };

/** Why a member is suggested; the page turns it into one translated line. */
export type MatchReasons = {
  /** Interest keys both have, in the catalogue's order. */
  sharedInterests: string[];
  place: { kind: "region"; name: string } | { kind: "country"; code: string } | null;
  /** Whole years between their ages. */
  ageGap: number;
  activity: "day" | "week" | "month" | null;
};

export type Scored<T> = { candidate: T; score: number; reasons: MatchReasons };

function activityOf(lastActiveAt: Date, now: Date): MatchReasons["activity"] {
  const idle = now.getTime() - lastActiveAt.getTime();
  if (idle <= DAY_MS) return "day";
  if (idle <= 7 * DAY_MS) return "week";
  if (idle <= 30 * DAY_MS) return "month";
  return null;
}

/** The score and reasons of one candidate, or null when they do not fit the viewer. */
export function scoreCandidate<T extends CandidateFacts>(viewer: FitFacts, candidate: T, now: Date): Scored<T> | null {
  if (candidate.id === viewer.id || !fitsBothWays(viewer, candidate)) return null;
  const ageGap = Math.abs(ageOn(viewer.birthDate, now) - ageOn(candidate.birthDate, now));
  if (ageGap > AGE_BAND_YEARS) return null;

  const { sharedInterests } = candidate;
  const sameCountry = viewer.country === candidate.country;
  const sameRegion = sameCountry && viewer.regionId !== null && viewer.regionId === candidate.regionId;
  const place: MatchReasons["place"] =
    sameRegion && candidate.region
      ? { kind: "region", name: candidate.region }
      : sameCountry
        ? { kind: "country", code: candidate.country }
        : null;
  const activity = activityOf(candidate.lastActiveAt, now);

  const score =
    (sameRegion ? REGION_POINTS : sameCountry ? COUNTRY_POINTS : 0) +
    (AGE_POINTS * (AGE_BAND_YEARS - ageGap)) / AGE_BAND_YEARS +
    INTEREST_POINTS * Math.min(sharedInterests.length, MAX_COUNTED_INTERESTS) +
    (activity ? ACTIVITY_POINTS[activity] : 0);
  return { candidate, score, reasons: { sharedInterests, place, ageGap, activity } };
}

/** The best `limit` candidates, best first (ties: most recently active, then lowest id). */
export function rankSuggestions<T extends CandidateFacts>(viewer: FitFacts, candidates: T[], now: Date, limit = SUGGESTIONS): Scored<T>[] {
  return candidates
    .map((candidate) => scoreCandidate(viewer, candidate, now))
    .filter((scored): scored is Scored<T> => scored !== null)
    .sort(
      (a, b) =>
        b.score - a.score || b.candidate.lastActiveAt.getTime() - a.candidate.lastActiveAt.getTime() || a.candidate.id - b.candidate.id,
    )
    .slice(0, limit);
}

export type Suggestion = { profile: ProfileCard; reasons: MatchReasons };

/**
 * SQL: the interest keys the `profiles` row shares with the member, in the catalogue's order, as
 * a JSON array. One index range per candidate (profile_interests' key), the member's own interests
 * read once.
 */
function sharedInterestKeys(memberProfileId: number) {
  // Spelled out with aliases: the candidate's row is the outer query's "profiles" (drizzle leaves a
  // column unqualified in the select list of a query without joins, where "id" would name the interest's).
  return sql<string>`(
    SELECT json_group_array(interest.key ORDER BY interest.position)
    FROM profile_interests AS theirs JOIN interests AS interest ON interest.id = theirs.interest_id
    WHERE theirs.profile_id = "profiles"."id"
      AND theirs.interest_id IN (SELECT mine.interest_id FROM profile_interests AS mine WHERE mine.profile_id = ${memberProfileId})
  )`;
}

/** The match finder's suggestions for a member: visible, fitting, not liked yet, not in `skipped`. */
export async function matchFinderSuggestions(
  db: Database,
  input: { member: DiscoveryMember; skipped: number[]; now: Date },
): Promise<Suggestion[]> {
  const { member } = input;
  // The pool prefers members with a photo, as the ranking below does, then the most recently active.
  const rows = await fittingInDiscoveryOrder(
    db,
    member,
    [
      gte(profiles.birthDate, shiftYears(member.birthDate, -AGE_BAND_YEARS - 1)),
      lte(profiles.birthDate, shiftYears(member.birthDate, AGE_BAND_YEARS + 1)),
      notLikedBy(member.id),
      input.skipped.length > 0 ? notInArray(profiles.id, input.skipped) : undefined,
    ],
    { sexuality: profiles.sexuality, regionId: profiles.regionId, sharedInterests: sharedInterestKeys(member.id) },
    CANDIDATE_POOL,
  );
  const viewer: FitFacts = { ...member, lastActiveAt: input.now };
  const candidates = rows.map((row) => ({ ...row, sharedInterests: JSON.parse(row.sharedInterests) as string[] }));
  // Members with a photo lead; among each group the best fit first (a stable sort keeps the rank).
  const ranked = rankSuggestions(viewer, candidates, input.now, candidates.length);
  const withPhotoFirst = ranked.sort((a, b) => Number(a.candidate.thumbKey === null) - Number(b.candidate.thumbKey === null));
  return withPhotoFirst.slice(0, SUGGESTIONS).map(({ candidate, reasons }) => ({
    profile: toProfileCard(candidate, input.now),
    reasons,
  }));
}
