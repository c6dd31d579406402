import type { Route } from "./+types/settings-export";
import { buildDataExport, exportFileName } from "~/accounts/data-export.server";
import { getServices, getSite } from "~/http/context.server";
import { requireUser } from "~/http/guards.server";

/**
 * GET /settings/export: the signed-in member's own data as a JSON download (product.md §10). A GET
 * is right here: it reads and changes nothing.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, now } = getServices(context);
  const site = getSite(context);
  const at = now();
  const document = await buildDataExport(db, { userId: user.id, profileId: user.profile?.id ?? null, site, now: at });
  if (!document) throw new Response("Not found", { status: 404 });
  return new Response(JSON.stringify(document, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(site.name, at)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
