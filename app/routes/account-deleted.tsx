import { useTranslation } from "~/i18n/translation";
import { Link, redirect, href } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/account-deleted";
import { recoverableUntil } from "~/accounts/deletion.server";
import { getServices, getSite } from "~/http/context.server";
import { useFormat } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { getUser } from "~/http/guards.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

const untilSchema = z.iso.date();

/**
 * After deleting: what happened, until when it can be undone and how. The date comes from the
 * redirect (`?until=`); without it, or if implausible, the grace period counted from today.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Deleting ends the session, so whoever is still signed in here has an account that is not
  // deleted (an old tab, the back button, a shared link). Sites redirect a signed-in member away
  // from a "your account was deleted" page rather than state something untrue: to the search,
  // the members' start page (a neutral page would only be one more click to get anywhere).
  if (getUser(context)) throw redirect(href("/members"));
  const { now } = getServices(context);
  const site = getSite(context);
  const graceDays = site.settings.deletionGraceDays;
  const latest = recoverableUntil(now(), graceDays).toISOString().slice(0, 10);
  const given = untilSchema.safeParse(new URL(request.url).searchParams.get("until"));
  const until = given.success && given.data <= latest && given.data >= now().toISOString().slice(0, 10) ? given.data : latest;
  return { until, graceDays, title: `${getI18n(context).t("settings:deleted.title")} · ${site.name}` };
}

export default function AccountDeleted({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <main id="main" className="container narrow section account-deleted">
      <h1>{t("settings:deleted.title")}</h1>
      <p className="lead">{t("settings:deleted.text")}</p>
      <p>
        <strong>{t("settings:deleted.until", { date: format.date(loaderData.until) })}</strong>
      </p>
      <p>{t("settings:deleted.how")}</p>
      <p>{t("settings:deleted.after", { count: loaderData.graceDays })}</p>
      <p>
        <Link to={href("/login")} className="btn btn-primary">
          {t("settings:deleted.login")}
        </Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
