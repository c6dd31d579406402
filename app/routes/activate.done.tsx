import { useTranslation } from "~/i18n/translation";
import { Link, redirect, href } from "react-router";
import type { Route } from "./+types/activate.done";
import { grantedSignupCredits } from "~/accounts/activation.server";
import { getServices, getSite } from "~/http/context.server";
import { useFormat } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { currencyFor, packagesIn } from "~/sites/pricing";
import { requireUser } from "~/http/guards.server";

/**
 * product.md §2 "Activation-done page with offers": the welcome, the credits the confirmation
 * earned, the next steps and the site's packages (with the welcome discount while it runs).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  if (user.status !== "confirmed") throw redirect(`${href("/signup")}?step=done`);
  const site = getSite(context);
  const { db, country, now } = getServices(context);
  const { settings } = site;
  const available = [...new Set(site.prices.map((price) => price.currency))];
  const packages = packagesIn(site.prices, currencyFor(country, settings.countries, available));
  const welcomeEndsAt = user.signupAt.getTime() + settings.welcomeSeconds * 1000;
  return {
    name: user.profile?.name ?? "",
    creditsGranted: await grantedSignupCredits(db, user.id),
    balance: user.credits,
    packages: user.paidUser ? [] : packages,
    // product.md §4: the welcome discount is for non-paying members within 4 hours of signup.
    welcomeDiscount: !user.paidUser && welcomeEndsAt > now().getTime() ? settings.welcomeDiscountPercent : null,
    title: `${getI18n(context).t("signup:activated.title")} · ${site.name}`,
  };
}

export default function ActivateDone({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { creditsGranted, packages } = loaderData;
  return (
    <main id="main" className="container section activate-done">
      <div className="narrow activate-done__welcome">
        <p className="activate-done__icon">
          <svg className="icon" aria-hidden="true">
            <use href="/icons.svg#party" />
          </svg>
        </p>
        <h1>{t("signup:activated.title")}</h1>
        <p className="lead">{t("signup:activated.welcome", { name: loaderData.name })}</p>
        {creditsGranted > 0 && (
          <p className="alert alert-success activate-done__credits">{t("signup:activated.credits", { count: creditsGranted })}</p>
        )}
      </div>

      <section className="activate-done__next" aria-labelledby="next-steps">
        <h2 id="next-steps">{t("signup:activated.nextTitle")}</h2>
        <ul className="row activate-done__cards">
          <li className="col-md-6">
            <Link to={href("/complete-signup")} className="activate-done__card">
              <strong>{t("signup:activated.completeProfile")}</strong>
              <span>{t("signup:activated.completeProfileText")}</span>
            </Link>
          </li>
          <li className="col-md-6">
            <Link to={href("/members")} className="activate-done__card">
              <strong>{t("signup:activated.search")}</strong>
              <span>{t("signup:activated.searchText")}</span>
            </Link>
          </li>
        </ul>
      </section>

      {packages.length > 0 && (
        <section className="activate-done__offers" aria-labelledby="offers-title">
          <h2 id="offers-title">{t("signup:activated.offersTitle")}</h2>
          <p>{t("signup:activated.offersIntro")}</p>
          {loaderData.welcomeDiscount && (
            <p className="alert alert-warning">{t("signup:activated.welcomeDiscount", { percent: loaderData.welcomeDiscount })}</p>
          )}
          <ul className="packages row">
            {packages.map((pkg) => (
              <li key={pkg.packageKey} className="col-sm-6 col-lg-3">
                <article className={`package${pkg.popular ? " package--popular" : ""}`}>
                  {pkg.popular && <p className="package__ribbon">{t("pricing.popular")}</p>}
                  <h3 className="package__credits">
                    {t("pricing.credits", { count: pkg.credits, formatted: format.number(pkg.credits) })}
                  </h3>
                  <p className="package__price">{format.money(pkg.amountCents, pkg.currency)}</p>
                  {pkg.discountPercent > 0 && (
                    <p className="package__discount">{t("pricing.discount", { percent: pkg.discountPercent })}</p>
                  )}
                  <p className="package__once">{t("pricing.oneTime")}</p>
                </article>
              </li>
            ))}
          </ul>
          <p>
            <Link to={href("/credits")} className="btn btn-secondary btn-lg">
              {t("signup:activated.offersLink")}
            </Link>
          </p>
        </section>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
