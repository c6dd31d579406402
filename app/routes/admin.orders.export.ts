/**
 * GET /admin/orders/export.csv — the filtered orders (the /admin/orders filter) as CSV for the
 * accountant: admins only, like every console route.
 */
import type { Route } from "./+types/admin.orders.export";
import { orderFilterOf } from "~/admin/order-filter";
import { findOrders, ordersCsv } from "~/admin/orders.server";
import { getServices } from "~/http/context.server";
import { requireAdmin } from "~/http/guards.server";

/** At most this many orders in one file; a longer period is exported in parts. */
const EXPORT_LIMIT = 20_000;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const { db, now } = getServices(context);
  const rows = await findOrders(db, orderFilterOf(new URL(request.url).searchParams), EXPORT_LIMIT);
  const day = now().toISOString().slice(0, 10);
  return new Response(ordersCsv(rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="orders-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
