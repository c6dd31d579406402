/**
 * Running one cron job at a moved time. The tests share one database, so firing a whole schedule
 * a year ahead would let its other jobs act on every test file's rows at that time (expiring every
 * session, clearing every welcome bonus). A test that moves time runs only the job it tests, with
 * the Worker's environment (and, optionally, other variables such as production's).
 */
import { env } from "cloudflare:workers";
import { getDatabase } from "~/db/client.server";
import { readEnv } from "~/env.server";
import { jobs } from "../../workers/cron/registry";

export async function runCronJob(name: string, at: Date, vars: Record<string, string> = {}): Promise<unknown> {
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no cron job named ${name}`);
  const appEnv = readEnv({ ...env, ...vars } as Env);
  return job.run({ db: getDatabase(appEnv.DATABASE_URL, appEnv.DATABASE_AUTH_TOKEN, appEnv.DATABASE_TIMEOUT_MS), env: appEnv, now: at });
}
