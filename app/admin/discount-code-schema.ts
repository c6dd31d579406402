/**
 * A new discount code from /admin/discount-codes (product.md §3 "Discount code"): the code, the
 * site (or every site), a country, one member (a personal code), expiry, percentage, currency,
 * minimum order value and payment methods. Checked in the browser (Conform) and by the action.
 */
import { z } from "zod/mini";
import { paymentMethodKeys } from "~/sites/payment-methods";

const optionalText = (pattern: RegExp, message: string) => z.optional(z.string().check(z.trim(), z.regex(pattern, message)));

export const discountCodeSchema = z.object({
  intent: z.literal("create"),
  code: z.string("admin:codes.errors.code").check(z.trim(), z.regex(/^[A-Za-z0-9_-]{3,32}$/, "admin:codes.errors.code")),
  siteId: z.optional(z.int("admin:codes.errors.site").check(z.positive("admin:codes.errors.site"))),
  country: optionalText(/^[A-Za-z]{2}$/, "admin:codes.errors.country"),
  userId: z.optional(z.int("admin:codes.errors.member").check(z.positive("admin:codes.errors.member"))),
  valuePercentage: z
    .int("admin:codes.errors.percentage")
    .check(z.gte(1, "admin:codes.errors.percentage"), z.lte(90, "admin:codes.errors.percentage")),
  currency: optionalText(/^[A-Za-z]{3}$/, "admin:codes.errors.currency"),
  minimumOrder: z.optional(
    z.number("admin:codes.errors.minimum").check(z.gte(0, "admin:codes.errors.minimum"), z.lte(100_000, "admin:codes.errors.minimum")),
  ),
  paymentMethods: z.optional(z.array(z.enum(paymentMethodKeys, "admin:codes.errors.method"))),
  expires: optionalText(/^\d{4}-\d{2}-\d{2}$/, "admin:codes.errors.expires"),
  oncePerUser: z.optional(z.literal("on")),
});

export type DiscountCodeForm = z.infer<typeof discountCodeSchema>;

export const expireSchema = z.object({ intent: z.literal("expire"), codeId: z.int().check(z.positive()) });

export const codeActionSchema = z.discriminatedUnion("intent", [discountCodeSchema, expireSchema]);
