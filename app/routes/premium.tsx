import { href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import type { Route } from "./+types/premium";
import { PackageList } from "~/components/payments/PackageList";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { buyerCountry, packageOffers } from "~/payments/price-list.server";
import { pricePackages } from "~/payments/priced-packages.server";
import { activeTimeBonus } from "~/payments/time-bonus.server";
import { getUser } from "~/http/guards.server";

/** Premium odds claimed by the marketing copy (product.md §9). */
const BETTER_MATCH_ODDS_PERCENT = 46;

/**
 * /premium (members area): what the first purchase unlocks (product.md §1, §6) and the packages
 * that unlock it. Visitors who are not signed in are asked to sign up first.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  const site = getSite(context);
  const { db, country, now } = getServices(context);
  const { settings } = site;
  const bonus = user ? await activeTimeBonus(db, { userId: user.id, paidUser: user.paidUser, now: now() }) : null;
  return {
    // A member with the welcome bonus sees the reduced first-purchase price.
    packages: pricePackages(packageOffers(site, buyerCountry(country, user)).packages, getLocale(context), bonus?.percent ?? 0),
    signedIn: user !== null,
    paidUser: user?.paidUser ?? false,
    limits: {
      freePhotos: settings.freePhotoLimit,
      premiumPhotos: settings.premiumPhotoLimit,
      freeConversations: settings.freeConversationLimit,
      dailySwipes: settings.dailySwipeLikes,
    },
    title: `${getI18n(context).t("payments:premium.title")} · ${site.name}`,
  };
}

export default function Premium({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { packages, signedIn, paidUser, limits } = loaderData;
  const benefits = [
    t("payments:premium.benefits.privatePhotos"),
    t("payments:premium.benefits.photos", { count: limits.premiumPhotos, free: limits.freePhotos }),
    t("payments:premium.benefits.conversations", { count: limits.freeConversations }),
    t("payments:premium.benefits.swipes", { count: limits.dailySwipes }),
    t("payments:premium.benefits.invisible"),
    t("payments:premium.benefits.noSubscription"),
  ];
  return (
    <main id="main" className="container section premium-page">
      <h1>{t("payments:premium.title")}</h1>
      <p className="lead">{paidUser ? t("payments:premium.alreadyPremium") : t("payments:premium.intro")}</p>
      <p className="premium-page__odds">{t("payments:premium.odds", { percent: BETTER_MATCH_ODDS_PERCENT })}</p>
      <ul className="premium-page__benefits">
        {benefits.map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <PackageList
        packages={packages}
        linkFor={(key) => (signedIn ? href("/credits/:id/:paymentmethod?", { id: key }) : href("/signup"))}
      />
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: loaderData.title }] : []);
