import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/landers.collagelanding.$slug";
import { Collage } from "~/components/landers/Collage";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/routes/landers.server";

/** /landers/collagelanding/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLander(context, request, "collagelanding", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

function Lander({ loaderData }: Route.ComponentProps) {
  return <Collage page={loaderData} />;
}

/** Rendered on the server only (ADR 030): the client build has none of it. */
export default serverOnly$(Lander);
