import type { Route } from "./+types/landers.gallery.$slug";
import { Gallery } from "~/components/landers/Gallery";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/http/landers.server";

/** /landers/gallery/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, "gallery", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

export default function Lander({ loaderData }: Route.ComponentProps) {
  return <Gallery page={loaderData} />;
}
