import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/landers.alonetonight.$slug";
import { AloneTonight } from "~/components/landers/AloneTonight";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/routes/landers.server";

/** /landers/alonetonight/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLander(context, request, "alonetonight", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

function Lander({ loaderData }: Route.ComponentProps) {
  return <AloneTonight page={loaderData} />;
}

/** Rendered on the server only (ADR 030): the client build has none of it. */
export default serverOnly$(Lander);
