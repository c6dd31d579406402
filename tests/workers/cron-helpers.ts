/**
 * Running one cron job at a moved time. The tests share one database, so firing a whole schedule
 * a year ahead would let its other jobs act on every test file's rows at that time (expiring every
 * session, clearing every welcome bonus). A test that moves time fires the job's schedule with
 * `CRON_JOBS` naming only that job (honoured when APP_ENV is "test"), with the Worker's environment
 * and, optionally, other variables such as production's.
 */
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
// @ts-expect-error: the built Worker (npm run build) ships no type declarations
import builtWorker from "#build/server/index.js";

const worker = builtWorker as ExportedHandler<Env>;

export async function runCronJob(name: string, at: Date, vars: Record<string, string> = {}, cron = "*/5 * * * *"): Promise<void> {
  const ctx = createExecutionContext();
  const jobEnv = { ...env, ...vars, CRON_JOBS: name } as Env;
  await worker.scheduled!(createScheduledController({ cron, scheduledTime: at.getTime() }), jobEnv, ctx);
  await waitOnExecutionContext(ctx);
}
