import { href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import type { Route } from "./+types/pricing";
import { PackageList } from "~/components/payments/PackageList";
import { getServices, getSite } from "~/http/context.server";
import { formatMoney } from "~/i18n/format";
import { getI18n, getLocale } from "~/http/i18n.server";
import { buyerCountry, packageOffers } from "~/payments/price-list.server";
import { pricePackages } from "~/payments/priced-packages.server";
import { messageCostFor } from "~/sites/pricing";
import { getUser } from "~/http/guards.server";
import { recordLanding } from "~/http/acquisition.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  recordLanding(context, request, { page: href("/pricing") });
  const { country } = getServices(context);
  const site = getSite(context);
  const { settings } = site;
  const user = getUser(context);
  const buyer = buyerCountry(country, user);
  const { packages } = packageOffers(site, buyer);
  const language = getLocale(context);
  const messageCost = messageCostFor(site.prices, settings.countries, buyer, settings.messageCredits);
  return {
    packages: pricePackages(packages, language),
    /** In the currency of the packages shown (a Polish visitor of the Dutch site sees złoty in both). */
    minimumMessagePrice: messageCost && formatMoney(Math.round(messageCost.costs * 100), messageCost.currency, language),
    costs: {
      message: settings.messageCredits,
      photo: settings.photoCredits,
      gift: settings.giftCredits,
      signup: settings.signupCredits,
    },
    refundDays: settings.refundDays,
    signedIn: user !== null,
    welcomeDiscount: settings.welcomeDiscountPercent,
    title: `${getI18n(context).t("pricing.title")} · ${site.name}`,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { packages, costs, minimumMessagePrice } = loaderData;
  return (
    <main id="main" className="container section pricing">
      <h1>{t("pricing.title")}</h1>
      <p className="lead">{t("pricing.intro")}</p>
      {minimumMessagePrice && <p className="pricing__from">{t("pricing.fromPerMessage", { price: minimumMessagePrice })}</p>}

      <PackageList
        packages={packages}
        linkFor={(key) => (loaderData.signedIn ? href("/credits/:id/:paymentmethod?", { id: key }) : href("/signup"))}
      />

      <section aria-labelledby="costs-title" className="section">
        <h2 id="costs-title">{t("pricing.costsTitle")}</h2>
        <div className="table-scroll">
          <table className="table">
            <caption className="visually-hidden">{t("pricing.costsTitle")}</caption>
            <tbody>
              <tr>
                <th scope="row">{t("pricing.costs.message")}</th>
                <td>{t("pricing.creditsShort", { count: costs.message })}</td>
              </tr>
              <tr>
                <th scope="row">{t("pricing.costs.photo")}</th>
                <td>{t("pricing.creditsShort", { count: costs.photo })}</td>
              </tr>
              <tr>
                <th scope="row">{t("pricing.costs.gift")}</th>
                <td>{t("pricing.creditsShort", { count: costs.gift })}</td>
              </tr>
              <tr>
                <th scope="row">{t("pricing.costs.free")}</th>
                <td>{t("pricing.freeItems")}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <ul className="pricing__facts">
          <li>{t("pricing.facts.signup", { count: costs.signup })}</li>
          <li>{t("pricing.facts.premium")}</li>
          <li>{t("pricing.facts.welcome", { percent: loaderData.welcomeDiscount })}</li>
          <li>{t("pricing.facts.refund", { count: loaderData.refundDays })}</li>
        </ul>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
