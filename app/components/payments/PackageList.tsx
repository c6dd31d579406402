import { useTranslation } from "~/i18n/translation";
import { Link } from "react-router";
import { useFormat } from "~/i18n/format";
import { discountCentsFor, discountedAmount } from "~/payments/discount";
import type { PackageOffer } from "~/payments/package-offer";

/**
 * The packages p0–p3 (product.md §2 "Premium package overview"): credits, price, the package's
 * discount, the price per credit and the one-time-payment notice. With a welcome discount, the
 * reduced price shows beside the list price.
 */
export function PackageList({
  packages,
  linkFor,
  welcomePercent = 0,
}: {
  packages: readonly PackageOffer[];
  linkFor: (packageKey: string) => string;
  welcomePercent?: number;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="packages row">
      {packages.map((pkg) => {
        const price = discountedAmount(pkg.amountCents, discountCentsFor(pkg.amountCents, welcomePercent)).amountCents;
        return (
          <li key={pkg.packageKey} className="col-sm-6 col-lg-3">
            <article className={`package${pkg.popular ? " package--popular" : ""}`} aria-labelledby={`package-${pkg.packageKey}`}>
              {pkg.popular && <p className="package__ribbon">{t("pricing.popular")}</p>}
              <h2 id={`package-${pkg.packageKey}`} className="package__credits">
                {t("pricing.credits", { count: pkg.credits, formatted: format.number(pkg.credits) })}
              </h2>
              <p className="package__price">
                {price !== pkg.amountCents && <s className="package__list-price">{format.money(pkg.amountCents, pkg.currency)}</s>}{" "}
                {format.money(price, pkg.currency)}
              </p>
              {pkg.discountPercent > 0 && <p className="package__discount">{t("pricing.discount", { percent: pkg.discountPercent })}</p>}
              <p>{t("pricing.messages", { count: pkg.messages })}</p>
              <p className="package__per-message">
                {t("payments:packages.perCredit", { price: format.money(price / pkg.credits, pkg.currency, 3) })}
              </p>
              <p className="package__once">{t("pricing.oneTime")}</p>
              <Link to={linkFor(pkg.packageKey)} className={`btn btn-block ${pkg.popular ? "btn-secondary" : "btn-primary"}`}>
                {t("pricing.choose")}
              </Link>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
