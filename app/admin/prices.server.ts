/**
 * Prices in the operator console (ADR 055): one site's price list per currency (p0–p3, their
 * credits, amount, discount and the popular one) and its payment methods per country. A list is
 * checked by the schema the sites' loader keeps price rows with (app/sites/price-list.ts), the
 * methods by the site settings' own schema; the change and its audit entry (with the values before,
 * read in the same transaction) are one batch; afterwards this isolate forgets its copy of the
 * sites, the others load them again within the minute (ADR 049). An order keeps the amount and
 * credits it was started with (orders.amount_cents), so a new price never changes one under way.
 */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { paymentMethodKeys, type PaymentMethodKey } from "~/sites/payment-methods";
import { priceListSchema } from "~/sites/price-list";
import { PACKAGE_KEYS, pricedCurrencies, type PricePackage } from "~/sites/pricing";
import { writeSiteSetting } from "~/admin/site-settings-writes.server";
import { forgetSites } from "~/sites/site.server";

export type FieldErrors = Record<string, string[]>;

type Parsed<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const AMOUNT = /^\d{1,6}([.,]\d{1,2})?$/;
const WHOLE = /^\d{1,6}$/;

/**
 * The form of one currency's list: `credits.p0`, `amount.p0` (in major units, "14,95" or
 * "14.95"), `discount.p0` for each package, and `popular` (a package key). A package whose credits
 * and amount are both empty is left out of the list.
 */
export function priceListOf(form: FormData): Parsed<{ currency: string; packages: PricePackage[] }> {
  const errors: FieldErrors = {};
  const currency = String(form.get("currency") ?? "").toUpperCase();
  if (!(pricedCurrencies as readonly string[]).includes(currency)) errors.currency = ["admin:prices.errors.currency"];
  const popular = String(form.get("popular") ?? "");
  const packages: PricePackage[] = [];
  PACKAGE_KEYS.forEach((key, position) => {
    const credits = String(form.get(`credits.${key}`) ?? "").trim();
    const amount = String(form.get(`amount.${key}`) ?? "").trim();
    const discount = String(form.get(`discount.${key}`) ?? "").trim() || "0";
    if (!credits && !amount) return;
    if (!WHOLE.test(credits) || Number(credits) < 1 || Number(credits) > 100_000)
      errors[`credits.${key}`] = ["admin:prices.errors.credits"];
    const cents = AMOUNT.test(amount) ? Math.round(Number(amount.replace(",", ".")) * 100) : Number.NaN;
    if (!(cents >= 50 && cents <= 10_000_000)) errors[`amount.${key}`] = ["admin:prices.errors.amount"];
    if (!WHOLE.test(discount) || Number(discount) > 90) errors[`discount.${key}`] = ["admin:prices.errors.discount"];
    packages.push({
      packageKey: key,
      currency,
      credits: Number(credits),
      amountCents: cents,
      discountPercent: Number(discount),
      popular: popular === key,
      position,
    });
  });
  if (packages.length === 0) errors.form = ["admin:prices.errors.empty"];
  if (popular && !packages.some((p) => p.popular)) errors.popular = ["admin:prices.errors.popular"];
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // The very checks the loader applies: what passes here is what members are offered.
  if (!priceListSchema.safeParse(packages).success) return { ok: false, errors: { form: ["admin:prices.errors.invalid"] } };
  return { ok: true, value: { currency, packages } };
}

const PRICE_JSON = sql.raw(`json_group_array(json_object('packageKey', package_key, 'credits', credits, 'amountCents', amount_cents,
  'discountPercent', discount_percent, 'popular', popular))`);

/**
 * Replaces a site's list in one currency (packages left out are removed) with its audit entry; the
 * entry's `before` is read in the same transaction, before the change.
 */
export async function writePriceList(
  db: Database,
  input: { actorUserId: number; siteId: number; currency: string; packages: PricePackage[] },
): Promise<void> {
  const keys = input.packages.map((p) => p.packageKey);
  const after = input.packages.map(({ packageKey, credits, amountCents, discountPercent, popular }) => ({
    packageKey,
    credits,
    amountCents,
    discountPercent,
    popular: popular ? 1 : 0,
  }));
  await db.batch([
    db.run(sql`
      INSERT INTO admin_audit (actor_user_id, site_id, target_type, target_id, action, before, after)
      SELECT ${input.actorUserId}, ${input.siteId}, 'site_price', ${`${input.siteId}:${input.currency}`}, 'update',
        (SELECT ${PRICE_JSON} FROM (SELECT * FROM site_prices WHERE site_id = ${input.siteId} AND currency = ${input.currency} ORDER BY position)),
        ${JSON.stringify(after)}`),
    db.run(sql`
      DELETE FROM site_prices WHERE site_id = ${input.siteId} AND currency = ${input.currency}
        AND package_key NOT IN (${sql.join(
          keys.map((key) => sql`${key}`),
          sql`, `,
        )})`),
    ...input.packages.map((p) =>
      db.run(sql`
        INSERT INTO site_prices (site_id, currency, package_key, credits, amount_cents, discount_percent, popular, position)
        VALUES (${input.siteId}, ${input.currency}, ${p.packageKey}, ${p.credits}, ${p.amountCents}, ${p.discountPercent}, ${p.popular ? 1 : 0}, ${p.position})
        ON CONFLICT (site_id, currency, package_key) DO UPDATE SET credits = excluded.credits, amount_cents = excluded.amount_cents,
          discount_percent = excluded.discount_percent, popular = excluded.popular, position = excluded.position`),
    ),
  ]);
  forgetSites();
}

/** The methods form: checkboxes `m.<country>` (a country code, or `*` for any other country), and a new country in `newCountry` with `m.new`. */
export function paymentMethodsOf(form: FormData): Parsed<Record<string, PaymentMethodKey[]>> {
  const methods: Record<string, PaymentMethodKey[]> = {};
  const newCountry = String(form.get("newCountry") ?? "")
    .trim()
    .toUpperCase();
  for (const [name, value] of form.entries()) {
    if (!name.startsWith("m.") || typeof value !== "string") continue;
    const country = name === "m.new" ? newCountry : name.slice(2);
    if (!country) continue;
    if (country !== "*" && !/^[A-Z]{2}$/.test(country)) return { ok: false, errors: { newCountry: ["admin:prices.errors.country"] } };
    if (!(paymentMethodKeys as readonly string[]).includes(value)) return { ok: false, errors: { form: ["admin:prices.errors.invalid"] } };
    (methods[country] ??= []).push(value as PaymentMethodKey);
  }
  if (form.getAll("m.new").length > 0 && !newCountry) return { ok: false, errors: { newCountry: ["admin:prices.errors.country"] } };
  if (!methods["*"]?.length) return { ok: false, errors: { "m.*": ["admin:prices.errors.anyCountry"] } };
  return { ok: true, value: methods };
}

/** Sets a site's payment methods per country (checked by the site settings' schema), audited. */
export function writePaymentMethods(
  db: Database,
  input: { actorUserId: number; siteId: number; methods: Record<string, PaymentMethodKey[]> },
) {
  return writeSiteSetting(db, {
    actorUserId: input.actorUserId,
    siteId: input.siteId,
    setting: "paymentMethods",
    value: input.methods,
    action: "payment_methods",
  });
}
