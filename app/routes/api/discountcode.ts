import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/discountcode";
import { getServices, getSite } from "~/http/context.server";
import { getI18n } from "~/http/i18n.server";
import { checkoutOffer, findPackage } from "~/payments/checkout.server";
import { discountedAmount, type DiscountApiResponse } from "~/payments/discount";
import { checkDiscountCode } from "~/payments/discount-codes.server";
import { buyerCountry } from "~/payments/price-list.server";
import { requireApiUser } from "~/http/guards.server";
import { onlyGet } from "~/http/api-errors.server";
import { connectingIp } from "~/security/browse-limits";
import { isDevelopment } from "~/env.server";

const querySchema = z.object({
  code: z.string().trim().min(1).max(40).optional(),
  welcome: z.literal("true").optional(),
  package: z.string().max(10).optional(),
  method: z.string().max(20).optional(),
});

/** How a refusal is answered: a code that is not there is a 404, one already used a 409. */
const refusalStatus = { not_found: 404, used: 409, reserved: 409, too_many: 429 } as Record<string, number>;

/**
 * GET /api/discountcode.php (product.md §3, §7): `?code=…` checks a code the member typed in the
 * discount-code modal, `?welcome=true` loads their welcome code while the time bonus runs. With
 * `package` (and `method`) it also prices that package with the code, exactly as the order will.
 * Refusals carry the translated reason ('Code niet gevonden', 'Code reeds gebruikt').
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireApiUser(context);
  const { t } = getI18n(context);
  const respond = (body: DiscountApiResponse, status = 200) => data(body, { status, headers: { "Cache-Control": "private, no-store" } });
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success || (!query.data.code && !query.data.welcome)) {
    return respond({ error: "invalid_request", message: t("bonus:discount.errors.not_found") }, 400);
  }

  const site = getSite(context);
  const { db, env, country, now } = getServices(context);
  const where = buyerCountry(country, user);
  const offer = checkoutOffer(site, where);
  const pkg = query.data.package ? findPackage(offer.packages, query.data.package) : null;
  // Without a code, the member's running welcome code: found in the check's own read (ADR 056).
  const code = query.data.code ?? null;
  const check = await checkDiscountCode(db, {
    siteId: site.id,
    userId: user.id,
    paidUser: user.paidUser,
    code,
    country: where,
    amountCents: pkg?.amountCents ?? null,
    currency: pkg?.currency ?? offer.currency,
    method: query.data.method ?? null,
    // A typed code counts against the look-up limits; the member's own welcome code does not.
    typed: query.data.code ? { ip: connectingIp(request, { development: isDevelopment(env) }) } : null,
    now: now(),
  });
  if (!check.ok)
    return respond({ error: check.reason, message: t(`bonus:discount.errors.${check.reason}`) }, refusalStatus[check.reason] ?? 422);

  const found = check.discountCode;
  const price = pkg ? discountedAmount(pkg.amountCents, check.discountCents) : null;
  return respond({
    discountcode: {
      code: found.code,
      country: found.country,
      user_id: found.userId,
      expires: check.expiresAt ? Math.floor(check.expiresAt.getTime() / 1000) : null,
      value_percentage: found.valuePercentage,
      currency: found.currency,
      minimum_order_value: found.minimumOrderCents / 100,
      status: found.status,
      validity: found.validitySeconds,
      expired: false,
      paymentmethods: found.paymentMethods,
    },
    discount:
      pkg && price
        ? {
            package: pkg.packageKey,
            currency: pkg.currency,
            amount_cents: pkg.amountCents,
            discount_cents: price.discountCents,
            total_cents: price.amountCents,
          }
        : null,
  });
}

/** Every other method: a 405 in the API's error shape. */
export const action = onlyGet;
