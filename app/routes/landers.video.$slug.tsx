import type { Route } from "./+types/landers.video.$slug";
import { VideoLander } from "~/components/landers/VideoLander";
import { landerMeta } from "~/components/landers/lander-meta";
import { loadLander } from "~/http/landers.server";

/** /landers/video/{slug?}: one of the landers of product.md §10 "Landers", in the lander layout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadLander(context, "video", params.slug);
}

export const meta: Route.MetaFunction = landerMeta;

export default function Lander({ loaderData }: Route.ComponentProps) {
  return <VideoLander page={loaderData} />;
}
