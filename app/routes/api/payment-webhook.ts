import { z } from "zod";
import type { Route } from "./+types/payment-webhook";
import { apiError } from "~/http/api-errors.server";
import { getServices } from "~/http/context.server";
import { molliePaymentId, paymentProviderFor } from "~/payments/mollie.server";
import { syncPaymentById } from "~/payments/payment-sync.server";
import { PaymentProviderError } from "~/payments/provider.server";
import { readInput } from "~/http/forms.server";

const webhookSchema = z.object({ id: z.string().regex(molliePaymentId) });

/**
 * POST /api/payment-webhook.php `id=tr_…`: the provider says a payment changed. It is a call from
 * the provider's servers, not a browser, so there is no origin to check; instead nothing in the
 * request is believed: the payment is looked up among ours and its status fetched from the
 * provider. Unknown ids get the same empty 200 as known ones (nothing to learn by guessing); when
 * the provider cannot be reached the answer is 503, and the provider calls again later. Calls for
 * one payment beyond a few a minute get the same 200 without asking the provider (ADR 040).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return apiError(405, "method_not_allowed", "Use POST.", { Allow: "POST" });
  const parsed = await readInput(request, webhookSchema, { from: "values" });
  if (!parsed.success) return apiError(400, "invalid_request", "Expected id=tr_… of a payment.");
  const { db, env, now } = getServices(context);
  try {
    await syncPaymentById(db, paymentProviderFor(env), { providerPaymentId: parsed.data.id, now: now() });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    console.error(`webhook for ${parsed.data.id}: provider unavailable`, error.message);
    return apiError(503, "provider_unavailable", "The payment provider could not be reached; call again later.");
  }
  return new Response(null, { status: 200 });
}

export function loader() {
  return apiError(405, "method_not_allowed", "Use POST.", { Allow: "POST" });
}
