import { paymentProviderFor } from "~/payments/mollie.server";
import { reconcileOrders } from "~/payments/reconciliation.server";
import type { CronDeps } from "./registry";

/**
 * Every five minutes: orders still waiting for their payment are read again from the provider
 * (app/payments/reconciliation.server.ts), so a payment whose webhook was lost, throttled or failed
 * is credited anyway, once.
 */
export async function reconcilePayments({ db, env, now }: CronDeps) {
  return reconcileOrders(db, paymentProviderFor(env), { now });
}
