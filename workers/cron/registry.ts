/**
 * Cron jobs: each names the schedule (a cron expression of wrangler.toml's [triggers]) it runs on.
 * Later features add their jobs to `jobs`. A run may overlap the previous one or be fired twice:
 * every job must be safe to run twice at once (ADR 045), by claiming the rows it picks in the
 * statement that picks them (jobs/leases.server.ts) or by effects that are keyed or idempotent.
 */
import { checkBooksNightly } from "./check-books";
import type { CronDeps } from "./cron-deps";
import { clearExpiredTimeBonuses } from "./clear-time-bonuses";
import { expireAuthRecords } from "./expire-auth-records";
import { finalizeDeletions } from "./finalize-deletions";
import { optimizeDatabase } from "./optimize-database";
import { pruneAbuseRecords } from "./prune-abuse-records";
import { pruneOutboxes } from "./prune-outboxes";
import { reconcilePayments } from "./reconcile-payments";
import { retryPushes } from "./retry-pushes";
import { sendDueMail } from "./send-mail";
import { sendDailyUnreadReminders } from "./send-unread-reminders";

export type CronJob = { name: string; schedule: string; run: (deps: CronDeps) => Promise<unknown> };

export const EVERY_FIVE_MINUTES = "*/5 * * * *";
export const EVERY_FIFTEEN_MINUTES = "*/15 * * * *";
export const NIGHTLY = "0 3 * * *";
/** 17:00 UTC: early evening in Europe, when members read their mail and have time to answer. */
export const EVENING = "0 17 * * *";

export const jobs: CronJob[] = [
  { name: "expire-auth-records", schedule: EVERY_FIVE_MINUTES, run: expireAuthRecords },
  { name: "send-mail", schedule: EVERY_FIVE_MINUTES, run: (deps) => sendDueMail(deps) },
  { name: "retry-pushes", schedule: EVERY_FIVE_MINUTES, run: retryPushes },
  { name: "clear-time-bonuses", schedule: EVERY_FIVE_MINUTES, run: clearExpiredTimeBonuses },
  { name: "reconcile-payments", schedule: EVERY_FIFTEEN_MINUTES, run: reconcilePayments },
  { name: "prune-abuse-records", schedule: NIGHTLY, run: pruneAbuseRecords },
  { name: "prune-outboxes", schedule: NIGHTLY, run: pruneOutboxes },
  { name: "optimize-database", schedule: NIGHTLY, run: optimizeDatabase },
  { name: "finalize-deletions", schedule: NIGHTLY, run: finalizeDeletions },
  { name: "check-books", schedule: NIGHTLY, run: checkBooksNightly },
  { name: "unread-reminders", schedule: EVENING, run: sendDailyUnreadReminders },
];

export type JobOutcome = { name: string; ok: boolean; result?: unknown; error?: string };

/** Runs every job of a schedule; one failing job does not stop the others. */
export async function runScheduledJobs(schedule: string, deps: CronDeps, registry = jobs): Promise<JobOutcome[]> {
  const due = registry.filter((job) => job.schedule === schedule);
  const outcomes = await Promise.all(
    due.map(async (job): Promise<JobOutcome> => {
      try {
        return { name: job.name, ok: true, result: await job.run(deps) };
      } catch (error) {
        console.error(`cron job ${job.name} failed`, error);
        return { name: job.name, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  if (due.length === 0) console.warn(`no cron job is registered for "${schedule}"`);
  return outcomes;
}
