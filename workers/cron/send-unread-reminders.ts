import { sendUnreadReminders } from "~/notifications/unread-reminders.server";
import { sitesById } from "~/sites/site.server";
import type { CronDeps } from "./cron-deps";

/** The daily unread-message reminders (app/notifications/unread-reminders.server.ts), in the early evening. */
export async function sendDailyUnreadReminders({ db, env, now }: CronDeps) {
  return { reminded: await sendUnreadReminders({ db, env, now, sites: await sitesById(db, now.getTime()) }) };
}
