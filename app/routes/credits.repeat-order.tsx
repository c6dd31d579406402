import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { Route } from "./+types/credits.repeat-order";
import { MethodBadge } from "~/components/payments/MethodBadge";
import { PackageList } from "~/components/payments/PackageList";
import { RepeatOrderButton } from "~/components/payments/RepeatOrderModal";
import { getServices, getSite } from "~/http/context.server";
import { useFormat } from "~/i18n/format";
import { getI18n, getLocale } from "~/http/i18n.server";
import { resolveOffer } from "~/payments/checkout.server";
import { paymentProviderFor } from "~/payments/mollie.server";
import { repeatableOrders } from "~/payments/order-history.server";
import { buyerCountry, packageOffers } from "~/payments/price-list.server";
import { pricePackages } from "~/payments/priced-packages.server";
import { requireUser } from "~/http/guards.server";

/**
 * /credits/repeat-order (the navigation's credits link for paying members): earlier purchases to
 * buy again in one click (product.md §2 "Repeatable order list with card icons"), then every
 * package.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const { db, env, country, now } = getServices(context);
  const where = buyerCountry(country, user);
  const provider = paymentProviderFor(env);
  const at = now();
  const language = getLocale(context);
  // Each repeat offers what its checkout will: the methods the provider enables for the member (ADR 058).
  const offerFor = (packageKey: string) => resolveOffer(provider, { site, country: where, packageKey, language, now: at });
  return {
    credits: user.credits,
    orders: await repeatableOrders(db, { userId: user.id, offerFor }),
    packages: pricePackages(packageOffers(site, where).packages, language),
    title: `${getI18n(context).t("payments:repeat.pageTitle")} · ${site.name}`,
    timeZone: site.settings.timeZone,
  };
}

export default function RepeatOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { orders, packages, credits } = loaderData;
  return (
    <main id="main" className="container section repeat-order">
      <h1>{t("payments:repeat.pageTitle")}</h1>
      <p className="lead">{t("payments:credits.balance", { count: credits })}</p>
      {orders.length > 0 ? (
        <ul className="repeat-order__list">
          {orders.map((order) => (
            <li key={`${order.packageKey}/${order.method}`} className="repeat-order__item">
              <div>
                <strong>{t("pricing.credits", { count: order.credits, formatted: format.number(order.credits) })}</strong>
                <span className="repeat-order__price">{format.money(order.amountCents, order.currency)}</span>
                <MethodBadge method={order.method} />
                <span className="field-hint">
                  {t("payments:repeat.lastBought", { date: format.date(order.paidAt, loaderData.timeZone) })}
                </span>
              </div>
              <RepeatOrderButton order={order} />
            </li>
          ))}
        </ul>
      ) : (
        <p>{t("payments:repeat.none")}</p>
      )}
      <h2>{t("payments:repeat.allPackages")}</h2>
      <PackageList packages={packages} linkFor={(key) => href("/credits/:id/:paymentmethod?", { id: key })} />
      <p>
        <Link to={href("/transactions/:id?")}>{t("payments:credits.transactionsLink")}</Link>
      </p>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
