import { useTranslation } from "~/i18n/translation";
import { data, href, redirect } from "react-router";
import type { Route } from "./+types/credits.$id.$paymentmethod";
import { balanceOf } from "~/credits/ledger.server";
import { CheckoutForm } from "~/components/payments/CheckoutForm";
import { PaymentOutcome } from "~/components/payments/PaymentOutcome";
import { getServices, getSite, linkOrigin } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { offeredMethod, resolveOffer, startCheckout, type CheckoutOutcome } from "~/payments/checkout.server";
import { checkoutSchema } from "~/payments/checkout-schema";
import { defaultMethodFrom } from "~/payments/default-method";
import { paymentProviderFor } from "~/payments/mollie.server";
import { orderOnReturn } from "~/payments/payment-sync.server";
import { buyerCountry } from "~/payments/price-list.server";
import { readInput } from "~/http/forms.server";
import { requireUser } from "~/http/guards.server";
import { connectingIp } from "~/security/browse-limits";
import { isDevelopment } from "~/env.server";

/**
 * /credits/{package}/{method?} (product.md §2 "Payment"): the order form — payment method, discount
 * code, acceptance of the terms (product.md §5) and the price — and, when the member comes back
 * from the provider (`?order=`), the outcome: completed, pending (the page follows the payment
 * until it settles), failed ('Betaling mislukt', with PayPal after a failed card payment) or
 * cancelled.
 */
/** product.md §2: the installed app shows its back button here (TopNav). */
export const handle = { backButton: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const site = getSite(context);
  const { db, env, country, now } = getServices(context);
  const provider = paymentProviderFor(env);
  const offer = await resolveOffer(provider, {
    site,
    country: buyerCountry(country, user),
    packageKey: params.id,
    language: getLocale(context),
    now: now(),
  });
  if (!offer) throw data(null, { status: 404 });
  const { pkg, methods } = offer;
  const chosen = params.paymentmethod === undefined ? null : offeredMethod(offer, params.paymentmethod);
  if (params.paymentmethod !== undefined && !chosen) throw redirect(href("/credits/:id/:paymentmethod?", { id: pkg.packageKey }));

  const orderId = Number(new URL(request.url).searchParams.get("order"));
  const order =
    Number.isSafeInteger(orderId) && orderId > 0 ? await orderOnReturn(db, provider, { userId: user.id, orderId, now: now() }) : null;
  const t = getI18n(context).t;
  // The member's default method (the payment method menu's cookie) when the address names none.
  const defaultMethod = offeredMethod(offer, defaultMethodFrom(request.headers.get("Cookie")));
  return {
    package: { ...pkg, messages: Math.floor(pkg.credits / site.settings.messageCredits) },
    methods,
    method: chosen ?? defaultMethod ?? methods[0] ?? null,
    defaultMethod,
    order,
    balance: order?.status === "paid" ? await balanceOf(db, user.id) : null,
    fictionalPlural: site.texts.fictionalPlural,
    title: `${t("payments:checkout.title", { count: pkg.credits })} · ${site.name}`,
  };
}

/** The order form: the method arrives once, in the form; the address's method only preselects it on the page. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const { submission } = await readInput(request, checkoutSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  const { db, env, country, now } = getServices(context);
  const { method, discountCode, terms: _accepted } = submission.value;
  const origin = linkOrigin(context, request);
  const outcome = await startCheckout(db, paymentProviderFor(env), {
    buyer: user,
    site: getSite(context),
    country: buyerCountry(country, user),
    packageKey: params.id,
    method,
    discountCode: discountCode || null,
    urls: {
      returnTo: (order) => `${origin}${href("/credits/:id/:paymentmethod?", { id: params.id, paymentmethod: method })}?order=${order}`,
      webhook: `${origin}${href("/api/payment-webhook.php")}`,
    },
    language: getLocale(context),
    ip: connectingIp(request, { development: isDevelopment(env) }),
    now: now(),
  });
  switch (outcome.status) {
    case "redirect":
      return redirect(outcome.url);
    case "mandate_required":
      return redirect(`${href("/directdebit")}?${new URLSearchParams({ package: params.id })}`);
    case "unknown_package":
      throw data(null, { status: 404 });
    default:
      return data({ result: submission.reply({ formErrors: [refusalMessage(outcome)] }) }, { status: checkoutRefusalStatus(outcome) });
  }
}

function checkoutRefusalStatus(outcome: CheckoutOutcome): number {
  if (outcome.status === "provider_error") return 502;
  if (outcome.status === "discount_refused" && outcome.check.reason === "too_many") return 429;
  return 422;
}

/** The locale key that tells the member why the order could not start. */
function refusalMessage(outcome: Exclude<CheckoutOutcome, { status: "redirect" | "mandate_required" | "unknown_package" }>): string {
  switch (outcome.status) {
    case "discount_refused":
      return `bonus:discount.errors.${outcome.check.reason}`;
    case "method_unavailable":
      return "payments:checkout.errors.method";
    case "direct_debit_blocked":
      return "directdebit:errors.blocked";
    case "direct_debit_limit":
      return "directdebit:errors.limitReached";
    case "provider_error":
      return outcome.unavailable ? "payments:checkout.errors.unreachable" : "payments:checkout.errors.provider";
  }
}

export default function PaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { order, package: pkg } = loaderData;
  const settled = order?.status === "paid" || order?.status === "pending" || order?.status === "open";
  return (
    <main id="main" className="container section checkout">
      <h1>{t("payments:checkout.title", { count: pkg.credits })}</h1>
      {order && <PaymentOutcome order={order} balance={loaderData.balance} methods={loaderData.methods} />}
      {!settled && (
        <CheckoutForm
          key={order?.id ?? "new"}
          pkg={pkg}
          methods={loaderData.methods}
          method={loaderData.method}
          defaultMethod={loaderData.defaultMethod}
          lastResult={actionData?.result}
          fictionalPlural={loaderData.fictionalPlural}
        />
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: loaderData.title }, { name: "robots", content: "noindex" }] : [];
