/**
 * GET /admin/orders/export.csv — the filtered orders (the /admin/orders filter) as CSV for the
 * accountant. The file is this route's middleware's answer to an admin; anyone else reaches the
 * loader, whose 404 renders the page of a missing URL like every console route (a resource route's
 * 404 would have no page, and so would tell that the URL exists).
 */
import type { Route } from "./+types/admin.orders.export";
import { orderFilterOf } from "~/admin/order-filter";
import { findOrders, ordersCsv } from "~/admin/orders.server";
import { getServices } from "~/http/context.server";
import { getUser, hasSteppedUp, requireAdmin } from "~/http/guards.server";

/** At most this many orders in one file; a longer period is exported in parts. */
const EXPORT_LIMIT = 20_000;

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const user = getUser(context);
    const { db, now } = getServices(context);
    if (user?.role !== "admin" || !hasSteppedUp(user, now())) return next();
    const rows = await findOrders(db, orderFilterOf(new URL(request.url).searchParams), EXPORT_LIMIT);
    return new Response(ordersCsv(rows), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="orders-${now().toISOString().slice(0, 10)}.csv"`,
        "Cache-Control": "private, no-store",
      },
    });
  },
];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return null;
}

export default function OrdersExport() {
  return null;
}
