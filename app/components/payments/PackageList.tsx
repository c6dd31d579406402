import { useTranslation } from "~/i18n/translation";
import { Link } from "react-router";
import type { PricedPackage } from "~/payments/package-offer";

/**
 * The packages p0–p3 (product.md §2 "Premium package overview"): credits, price, the package's
 * discount, the price per credit and the one-time-payment notice. With a welcome discount, the
 * reduced price shows beside the list price. The figures come written out by the server
 * (app/payments/priced-packages.server.ts).
 */
export function PackageList({ packages, linkFor }: { packages: readonly PricedPackage[]; linkFor: (packageKey: string) => string }) {
  const { t } = useTranslation();
  return (
    <ul className="packages row">
      {packages.map((pkg) => (
        <li key={pkg.packageKey} className="col-sm-6 col-lg-3">
          <article className={`package${pkg.popular ? " package--popular" : ""}`} aria-labelledby={`package-${pkg.packageKey}`}>
            {pkg.popular && <p className="package__ribbon">{t("pricing.popular")}</p>}
            <h2 id={`package-${pkg.packageKey}`} className="package__credits">
              {t("pricing.credits", { count: pkg.credits, formatted: pkg.creditsText })}
            </h2>
            <p className="package__price">
              {pkg.listPriceText && <s className="package__list-price">{pkg.listPriceText}</s>} {pkg.priceText}
            </p>
            {pkg.discountPercent > 0 && <p className="package__discount">{t("pricing.discount", { percent: pkg.discountPercent })}</p>}
            <p>{t("pricing.messages", { count: pkg.messages })}</p>
            <p className="package__per-message">{t("payments:packages.perCredit", { price: pkg.perCreditText })}</p>
            <p className="package__once">{t("pricing.oneTime")}</p>
            <Link to={linkFor(pkg.packageKey)} className={`btn btn-block ${pkg.popular ? "btn-secondary" : "btn-primary"}`}>
              {t("pricing.choose")}
            </Link>
          </article>
        </li>
      ))}
    </ul>
  );
}
