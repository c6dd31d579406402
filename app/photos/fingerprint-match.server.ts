/**
 * Photo fingerprints against the ones already known (ADR 053): a photo a moderator rejected as
 * stolen, scam or illegal is refused from any account; one that another account already has is
 * stored, flagged for the moderator. One read: the banned fingerprints (few, in their own index)
 * and the other accounts' photos that share one of the fingerprint's four 16-bit bands (the band
 * indexes), compared bit by bit here. The banned ones are read apart from the cap on the others, so
 * that many lookalike photos on other accounts never crowd a banned one out.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { fingerprintBands, fingerprintDistance, isTelling, SAME_PHOTO_DISTANCE } from "./fingerprint";

/** The rejection reasons that bar a photo for good, from every account. */
export const BANNING_REASONS = ["stolen", "scam", "illegal"] as const;

/**
 * At most this many of the other accounts' photos are compared, those that share the most bands
 * first: a copy shares most of its bands, a chance neighbour one. The banned ones are all compared.
 */
export const CANDIDATES_COMPARED = 1000;

export async function matchFingerprint(
  db: Database,
  input: { fingerprint: string; profileId: number },
): Promise<{ banned: boolean; ownedBy: number | null }> {
  const { fingerprint, profileId } = input;
  // A plain, flat picture says too little to be told apart from another one.
  if (!isTelling(fingerprint)) return { banned: false, ownedBy: null };
  // Each band against its expression index: the positions are written into the SQL, as the indexes have them.
  const shares = fingerprintBands(fingerprint).map((band, n) => sql`(substr(fingerprint, ${sql.raw(String(n * 4 + 1))}, 4) = ${band})`);
  const rows = await db.all<{ fingerprint: string; profile_id: number; banned: number }>(sql`
    SELECT fingerprint, profile_id, 1 AS banned FROM photos
    WHERE status = 'rejected' AND rejection_reason IN ('stolen', 'scam', 'illegal') AND fingerprint IS NOT NULL
    UNION ALL
    SELECT fingerprint, profile_id, 0 FROM (
      SELECT fingerprint, profile_id FROM photos
      WHERE profile_id != ${profileId} AND status != 'rejected' AND (${sql.join(shares, sql` OR `)})
      ORDER BY ${sql.join(shares, sql` + `)} DESC
      LIMIT ${CANDIDATES_COMPARED})`);
  const close = rows.filter((row) => fingerprintDistance(row.fingerprint, fingerprint) <= SAME_PHOTO_DISTANCE);
  const owned = close.find((row) => Number(row.banned) === 0);
  return { banned: close.some((row) => Number(row.banned) === 1), ownedBy: owned ? Number(owned.profile_id) : null };
}
