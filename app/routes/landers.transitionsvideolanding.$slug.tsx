import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/landers.transitionsvideolanding.$slug";
import { TransitionsVideo } from "~/components/landers/TransitionsVideo";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/routes/landers.server";

/** /landers/transitionsvideolanding/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadLander(context, request, "transitionsvideolanding", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

function Lander({ loaderData }: Route.ComponentProps) {
  return <TransitionsVideo page={loaderData} />;
}

/** Rendered on the server only (ADR 030): the client build has none of it. */
export default serverOnly$(Lander);
