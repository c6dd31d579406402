import { paymentProviderFor } from "~/payments/mollie.server";
import { reconcilePayments as reconcile } from "~/payments/reconciliation.server";
import type { CronDeps } from "./cron-deps";

/**
 * Every fifteen minutes: the provider's payments and refunds of the last 48 hours are compared with
 * our books and any change a lost webhook would have brought is applied, once
 * (app/payments/reconciliation.server.ts).
 */
export async function reconcilePayments({ db, env, now }: CronDeps) {
  return reconcile(db, paymentProviderFor(env), { now });
}
