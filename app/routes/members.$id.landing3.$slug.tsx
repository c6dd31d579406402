import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/members.$id.landing3.$slug";
import { landerMeta } from "~/components/landers/lander-meta";
import { MemberLanding3 } from "~/components/landers/MemberLanders";
import { loadMemberLander } from "~/routes/landers.server";

/** /members/{id}/landing3/{slug?}: a member lander of product.md §10 "Landers"; an unknown, deleted or blocked member is the site's 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadMemberLander(context, request, { id: params.id, variant: "landing3", slug: params.slug });
}

export const meta: Route.MetaFunction = landerMeta;

function MemberLander({ loaderData }: Route.ComponentProps) {
  return <MemberLanding3 page={loaderData} />;
}

/** Rendered on the server only (ADR 030): the client build has none of it. */
export default serverOnly$(MemberLander);
