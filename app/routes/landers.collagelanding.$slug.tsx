import type { Route } from "./+types/landers.collagelanding.$slug";
import { Collage } from "~/components/landers/Collage";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/http/landers.server";

/** /landers/collagelanding/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, "collagelanding", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

export default function Lander({ loaderData }: Route.ComponentProps) {
  return <Collage page={loaderData} />;
}
