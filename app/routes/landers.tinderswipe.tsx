import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/landers.tinderswipe";
import { SwipeDemo } from "~/components/landers/SwipeDemo";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/routes/landers.server";

/** /landers/tinderswipe: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadLander(context, request, "tinderswipe", undefined);
}

export const meta: Route.MetaFunction = landerMeta;

function Lander({ loaderData }: Route.ComponentProps) {
  return <SwipeDemo page={loaderData} />;
}

/** Rendered on the server only (ADR 030): the client build has none of it. */
export default serverOnly$(Lander);
