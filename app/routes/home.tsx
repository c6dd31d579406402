import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/home";
import { FIRST_SCREENFUL, ProfileTile } from "~/components/profiles/ProfileTile";
import { getServices, getSite } from "~/http/context.server";
import { useFormat } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { featuredProfiles } from "~/profiles/featured.server";
import { messageCostFor } from "~/sites/pricing";
import { buyerCountry } from "~/payments/price-list.server";
import { getUser } from "~/http/guards.server";
import { recordLanding } from "~/http/acquisition.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, country, now } = getServices(context);
  const site = getSite(context);
  const { settings } = site;
  const t = getI18n(context).t;
  // The home page is an acquisition page too (product.md §10): counted in the conversion report.
  recordLanding(context, request, { page: href("/") });
  const profiles = await featuredProfiles(db, site.id, now());
  return {
    siteName: site.name,
    title: site.texts.indexTitle,
    description: site.texts.description,
    signupCredits: settings.signupCredits,
    fictionalIcon: settings.fictionalIcon,
    fictionalSingular: site.texts.fictionalSingular,
    messageCost: messageCostFor(site.prices, settings.countries, buyerCountry(country, getUser(context)), settings.messageCredits),
    profiles,
    metaTitle: `${site.name} · ${t("home.metaTitle")}`,
    loggedIn: getUser(context) !== null,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { messageCost } = loaderData;
  return (
    <main id="main">
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1>{t("home.heroTitle", { siteName: loaderData.siteName })}</h1>
            {/* A member has a profile already: no "create a free profile", but where to go next. */}
            <p className="lead">{loaderData.loggedIn ? t("home.memberLead") : t("home.heroLead")}</p>
            {loaderData.loggedIn ? (
              <div className="hero__actions">
                <Link to={href("/members")} className="btn btn-light btn-lg">
                  {t("nav.search")}
                </Link>
                <Link to={href("/likes/:type", { type: "matches" })} className="btn btn-outline-light btn-lg">
                  {t("home.memberMatches")}
                </Link>
              </div>
            ) : (
              <>
                <div className="hero__actions">
                  <Link to={href("/signup")} className="btn btn-secondary btn-lg">
                    {t("home.ctaSignup")}
                  </Link>
                  <Link to={href("/login")} className="btn btn-outline-light btn-lg">
                    {t("home.ctaLogin")}
                  </Link>
                </div>
                <p className="hero__note">{t("home.freeNote", { count: loaderData.signupCredits })}</p>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="featured-title">
        <h2 id="featured-title">{t("home.featuredTitle")}</h2>
        <ul className="profile-grid">
          {loaderData.profiles.map((profile, index) => (
            <li key={profile.id}>
              <ProfileTile
                profile={profile}
                priority={index < FIRST_SCREENFUL}
                href={loaderData.loggedIn ? href("/members/:id", { id: String(profile.id) }) : href("/signup")}
                fictionalIcon={loaderData.fictionalIcon}
                fictionalLabel={loaderData.fictionalSingular}
              />
            </li>
          ))}
        </ul>
      </section>

      {/* "How it works" starts with signing up: for visitors only. */}
      {!loaderData.loggedIn && (
        <section className="section section--muted" aria-labelledby="how-title">
          <div className="container">
            <h2 id="how-title">{t("home.howTitle")}</h2>
            <ol className="steps row">
              {(["signup", "profile", "chat"] as const).map((step, index) => (
                <li key={step} className="col-md-4 step">
                  <span className="step__number" aria-hidden="true">
                    {index + 1}
                  </span>
                  <h3>{t(`home.steps.${step}.title`)}</h3>
                  <p>{t(`home.steps.${step}.text`)}</p>
                </li>
              ))}
            </ol>
          </div>
        </section>
      )}

      <section className="container section" aria-labelledby="why-title">
        <h2 id="why-title">{t("home.whyTitle")}</h2>
        <ul className="features row">
          {(["privacy", "verified", "noSubscription", "premium"] as const).map((feature) => (
            <li key={feature} className="col-sm-6 col-lg-3 feature">
              <h3>{t(`home.features.${feature}.title`)}</h3>
              <p>{t(`home.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
        {messageCost && (
          <p className="home__price">
            {t("home.priceFrom", { price: format.money(Math.round(messageCost.costs * 100), messageCost.currency) })}{" "}
            <Link to={href("/pricing")}>{t("home.pricingLink")}</Link>
          </p>
        )}
      </section>

      {!loaderData.loggedIn && (
        <section className="cta-band">
          <div className="container">
            <h2>{t("home.ctaBandTitle")}</h2>
            <Link to={href("/signup")} className="btn btn-light btn-lg">
              {t("home.ctaSignup")}
            </Link>
          </div>
        </section>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title || loaderData.metaTitle }, { name: "description", content: loaderData.description }] : [];
