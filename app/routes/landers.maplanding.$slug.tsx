import type { Route } from "./+types/landers.maplanding.$slug";
import { MapLander } from "~/components/landers/MapLander";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/http/landers.server";

/** /landers/maplanding/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, "maplanding", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

export default function Lander({ loaderData }: Route.ComponentProps) {
  return <MapLander page={loaderData} />;
}
