/**
 * The order form of the payment page and the repeat-order modal: one schema for the browser
 * (Conform) and the server. The price is never part of it: the server reads the price list.
 */
import { z } from "zod";
import { paymentMethodKeys } from "~/sites/payment-methods";

export const checkoutSchema = z.object({
  method: z.enum(paymentMethodKeys, { error: "payments:checkout.errors.method" }),
  discountCode: z.string().trim().max(40, { error: "bonus:discount.errors.not_found" }).optional(),
  terms: z.boolean({ error: "payments:checkout.errors.terms" }).refine((accepted) => accepted, { error: "payments:checkout.errors.terms" }),
});

export type CheckoutForm = z.infer<typeof checkoutSchema>;
