import { sql } from "drizzle-orm";
import type { CronDeps } from "./cron-deps";

/**
 * Keeps the query planner's statistics fresh (SQLite's recommended `PRAGMA optimize`): list and
 * badge queries rely on them to start from likes rather than from every profile of a site.
 */
export async function optimizeDatabase({ db }: CronDeps) {
  await db.run(sql`PRAGMA optimize`);
  return { optimized: true };
}
