import { schema } from "~/db/client.server";
import { claimAccountsDueForErasure, DELETION_GRACE_DAYS, eraseAccount } from "~/accounts/deletion.server";
import { siteSettingsSchema } from "~/sites/site-settings";
import type { CronDeps } from "./cron-deps";

/** Accounts erased per run; the nightly schedule works through a backlog a batch at a time. */
export const ERASURE_BATCH_SIZE = 50;

/**
 * Nightly: erases accounts deleted longer ago than their site's grace period (product.md §10, 14
 * days by default). Each account is claimed by one run (a run overlapping this one erases others).
 * One account failing (e.g. R2 unavailable) stays "deleted" and is retried next night.
 */
export async function finalizeDeletions({ db, env, now }: CronDeps, batchSize = ERASURE_BATCH_SIZE) {
  const sites = await db.select({ id: schema.sites.id, settings: schema.sites.settings }).from(schema.sites);
  let erased = 0;
  let failed = 0;
  for (const site of sites) {
    const left = batchSize - erased - failed;
    if (left <= 0) break;
    const parsed = siteSettingsSchema.safeParse(site.settings);
    const graceDays = parsed.success ? parsed.data.deletionGraceDays : DELETION_GRACE_DAYS;
    for (const userId of await claimAccountsDueForErasure(db, { siteId: site.id, graceDays, now, limit: left })) {
      try {
        if (await eraseAccount(db, env.PHOTOS, userId)) erased += 1;
      } catch (error) {
        failed += 1;
        console.error(`erasing account ${userId} failed`, error);
      }
    }
  }
  return { erased, failed };
}
