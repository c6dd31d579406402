import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/signup-matches";
import { signupMatches } from "~/accounts/signup-matches.server";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { requireUser } from "~/http/guards.server";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

/** After signup: members who fit the new member, then on to the site. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const { db, now } = getServices(context);
  return {
    profiles: await signupMatches(db, { siteId: site.id, userId: user.id, now: now() }),
    fictionalIcon: site.settings.fictionalIcon,
    fictionalSingular: site.texts.fictionalSingular,
    title: `${getI18n(context).t("signup:matches.title")} · ${site.name}`,
  };
}

export default function SignupMatches({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const cdn = useCdnUrl();
  const { profiles } = loaderData;
  return (
    <main id="main" className="container section signup-matches">
      <h1>{t("signup:matches.title")}</h1>
      <p className="lead">{profiles.length > 0 ? t("signup:matches.intro") : t("signup:matches.none")}</p>
      {profiles.length > 0 && (
        <ul className="profile-grid">
          {profiles.map((profile) => (
            <li key={profile.id} className="profile-card">
              <Link to={href("/members/:id", { id: String(profile.id) })}>
                <img src={cdn(profile.photoUrl)} alt="" loading="lazy" width={240} height={300} />
                {profile.fictional && (
                  <FictionalMark className="profile-card__fictional" icon={loaderData.fictionalIcon} label={loaderData.fictionalSingular} />
                )}
                <span className="profile-card__caption">
                  <strong>
                    {profile.name}, {profile.age}
                  </strong>
                  {profile.region && <span>{profile.region}</span>}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="signup-matches__continue">
        <Link to={href("/")} className="btn btn-primary btn-lg">
          {t("signup:matches.continue")}
        </Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
