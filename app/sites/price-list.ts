/**
 * What a price list row must be for the app to offer it (product.md §3 "Prices"): the sites'
 * loader (site.server.ts) keeps only rows that pass, and the operator console's prices editor
 * (app/admin/prices.server.ts) stores only lists that pass, so a price the app would not offer is
 * never saved.
 */
import { z } from "zod";
import { PACKAGE_KEYS, pricedCurrencies } from "./pricing";

export const pricePackageSchema = z.object({
  packageKey: z.enum(PACKAGE_KEYS),
  currency: z.enum(pricedCurrencies),
  credits: z.number().int().min(1).max(100_000),
  amountCents: z.number().int().min(50).max(10_000_000),
  discountPercent: z.number().int().min(0).max(90),
  popular: z.boolean(),
  position: z.number().int().min(0).max(3),
});

/** One currency's list: each package once, at most one the popular one. */
export const priceListSchema = z
  .array(pricePackageSchema)
  .min(1)
  .max(PACKAGE_KEYS.length)
  .refine((list) => new Set(list.map((p) => p.packageKey)).size === list.length, "duplicate package")
  .refine((list) => new Set(list.map((p) => p.currency)).size === 1, "one currency per list")
  .refine((list) => list.filter((p) => p.popular).length <= 1, "one popular package");
