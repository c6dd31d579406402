import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/credits";
import { PackageList } from "~/components/payments/PackageList";
import { getServices, getSite } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { buyerCountry, packageOffers } from "~/payments/price-list.server";
import { pricePackages } from "~/payments/priced-packages.server";
import { activeTimeBonus } from "~/payments/time-bonus.server";
import { usableStayCode } from "~/payments/stay-discount.server";
import { formatDate } from "~/i18n/format";
import { requireUser } from "~/http/guards.server";

/**
 * /credits: the packages to buy, in the member's currency. A member with the welcome bonus sees the
 * reduced first-purchase price; each package leads to its payment page.
 */
/** product.md §2: the installed app shows its back button here (TopNav). */
export const handle = { backButton: true };

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const { db, country, now } = getServices(context);
  const [bonus, stay] = await Promise.all([
    activeTimeBonus(db, { userId: user.id, paidUser: user.paidUser, now: now() }),
    usableStayCode(db, { userId: user.id, now: now() }),
  ]);
  const welcomePercent = bonus?.percent ?? 0;
  return {
    packages: pricePackages(packageOffers(site, buyerCountry(country, user)).packages, getLocale(context), welcomePercent),
    credits: user.credits,
    paidUser: user.paidUser,
    welcomePercent,
    /** The member's personal stay code (chosen on the delete-account page), while it can be used. */
    stayCode: stay
      ? { code: stay.code, percent: stay.percent, until: formatDate(stay.expiresAt, getLocale(context), site.settings.timeZone) }
      : null,
    title: `${getI18n(context).t("payments:credits.title")} · ${site.name}`,
  };
}

export default function Credits({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { packages, credits, paidUser, welcomePercent, stayCode } = loaderData;
  return (
    <main id="main" className="container section credits-page">
      <h1>{t("payments:credits.title")}</h1>
      <p className="lead">{paidUser ? t("payments:credits.balance", { count: credits }) : t("payments:credits.intro")}</p>
      {welcomePercent > 0 && (
        <p className="alert alert-success" role="status">
          {t("payments:credits.welcome", { percent: welcomePercent })}
        </p>
      )}
      {stayCode && (
        <p className="alert alert-success credits-page__stay-code" role="status">
          {t("payments:credits.stayCode", { percent: stayCode.percent, until: stayCode.until })} <strong>{stayCode.code}</strong>
        </p>
      )}
      <PackageList packages={packages} linkFor={(key) => href("/credits/:id/:paymentmethod?", { id: key })} />
      <p className="credits-page__links">
        <Link to={href("/transactions/:id?")}>{t("payments:credits.transactionsLink")}</Link>
        {" · "}
        <Link to={href("/pages/:page", { page: "return-policy" })}>{t("payments:credits.refundLink")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
