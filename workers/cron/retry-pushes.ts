import { retryDuePushes } from "~/notifications/push.server";
import type { CronDeps } from "./cron-deps";

/** Sends again the pushes a push service did not take (429, 5xx, timeouts), until their TTL ends (ADR 042). */
export const retryPushes = ({ db, env, now }: CronDeps) => retryDuePushes({ db, env }, now);
