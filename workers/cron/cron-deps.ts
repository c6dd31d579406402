import type { Database } from "~/db/client.server";
import type { AppEnv } from "~/env.server";

/** What every cron job is handed (workers/cron/registry.ts runs them). */
export type CronDeps = { db: Database; env: AppEnv; now: Date };
