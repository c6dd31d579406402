import { seoMeta } from "~/seo/seo";

/**
 * A lander's title, description and link-preview picture (its first member's photo), from its
 * loader, in the lander's language (product.md §10 "Acquisition": a lander gives its own picture).
 */
export function landerMeta({ loaderData }: { loaderData?: { title: string; description: string; image: string | null } }) {
  return loaderData ? seoMeta({ title: loaderData.title, description: loaderData.description, image: loaderData.image ?? undefined }) : [];
}
