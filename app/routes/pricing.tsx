import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Route } from "./+types/pricing";
import { getServices, getSite } from "~/context.server";
import { useFormat } from "~/i18n/format";
import { getI18n } from "~/i18n/i18n.server";
import { cheapestMessageCents, currencyFor, minimumMessageCosts, packagesIn } from "~/sites/pricing";

export async function loader({ context }: Route.LoaderArgs) {
  const { country } = getServices(context);
  const site = getSite(context);
  const { settings } = site;
  const available = [...new Set(site.prices.map((price) => price.currency))];
  const currency = currencyFor(country, settings.countries, available);
  const packages = packagesIn(site.prices, currency).map((pkg) => ({
    ...pkg,
    messages: Math.floor(pkg.credits / settings.messageCredits),
    perMessageCents: cheapestMessageCents([pkg], settings.messageCredits) ?? 0,
  }));
  const costs = minimumMessageCosts(site.prices, settings.countries, settings.messageCredits);
  return {
    currency,
    packages,
    minimumMessageCost: costs[country ?? ""] ?? costs[settings.countries[0] ?? ""] ?? null,
    costs: {
      message: settings.messageCredits,
      photo: settings.photoCredits,
      gift: settings.giftCredits,
      signup: settings.signupCredits,
    },
    refundDays: settings.refundDays,
    welcomeDiscount: settings.welcomeDiscountPercent,
    title: `${getI18n(context).t("pricing.title")} · ${site.name}`,
  };
}

export default function Pricing({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { packages, costs, minimumMessageCost } = loaderData;
  return (
    <main id="main" className="container section pricing">
      <h1>{t("pricing.title")}</h1>
      <p className="lead">{t("pricing.intro")}</p>
      {minimumMessageCost && (
        <p className="pricing__from">
          {t("pricing.fromPerMessage", {
            price: format.money(Math.round(minimumMessageCost.costs * 100), minimumMessageCost.currency),
          })}
        </p>
      )}

      <ul className="packages row">
        {packages.map((pkg) => (
          <li key={pkg.packageKey} className="col-sm-6 col-lg-3">
            <article className={`package${pkg.popular ? " package--popular" : ""}`} aria-labelledby={`package-${pkg.packageKey}`}>
              {pkg.popular && <p className="package__ribbon">{t("pricing.popular")}</p>}
              <h2 id={`package-${pkg.packageKey}`} className="package__credits">
                {t("pricing.credits", { count: pkg.credits, formatted: format.number(pkg.credits) })}
              </h2>
              <p className="package__price">{format.money(pkg.amountCents, pkg.currency)}</p>
              {pkg.discountPercent > 0 && (
                <p className="package__discount">{t("pricing.discount", { percent: pkg.discountPercent })}</p>
              )}
              <p>{t("pricing.messages", { count: pkg.messages })}</p>
              <p className="package__per-message">
                {t("pricing.perMessage", { price: format.money(pkg.perMessageCents, pkg.currency) })}
              </p>
              <p className="package__once">{t("pricing.oneTime")}</p>
              <Link to="/signup" className={`btn btn-block ${pkg.popular ? "btn-secondary" : "btn-primary"}`}>
                {t("pricing.choose")}
              </Link>
            </article>
          </li>
        ))}
      </ul>

      <section aria-labelledby="costs-title" className="section">
        <h2 id="costs-title">{t("pricing.costsTitle")}</h2>
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
