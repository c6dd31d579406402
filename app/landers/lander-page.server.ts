/**
 * Everything one of the nine landers shows (product.md §10 "Landers"): the slug's choice of
 * language and niche, the members of that niche, and for the map the members per region.
 */
import type { Database } from "~/db/client.server";
import type { Language } from "~/i18n/languages";
import type { ProfileCard } from "~/profiles/profile-card.server";
import type { Site } from "~/sites/site.server";
import { landerMembers, membersPerRegion, type RegionCount } from "./lander-members.server";
import { chooseLander, type LanderChoice, type LanderDesign } from "./lander-slug";

/** How many members each design shows. */
const MEMBERS_SHOWN: Record<LanderDesign, number> = {
  tinderswipe: 8,
  alonetonight: 12,
  collagelanding: 11,
  gallery: 16,
  iconslanding: 6,
  maplanding: 12,
  socialnetwork: 6,
  transitionsvideolanding: 6,
  video: 12,
};

export type LanderPage = {
  design: LanderDesign;
  choice: LanderChoice;
  members: ProfileCard[];
  regions: RegionCount[];
};

export async function landerPage(
  db: Database,
  input: { design: LanderDesign; slug: string | undefined; language: Language; site: Site; viewerProfileId: number | null; now: Date },
): Promise<LanderPage> {
  const { design, site, now } = input;
  const choice = chooseLander(input.slug, { language: input.language, siteNiche: site.settings.niche });
  const scope = { siteId: site.id, viewerProfileId: input.viewerProfileId, now, niche: choice.niche };
  const [members, regions] = await Promise.all([
    landerMembers(db, scope, MEMBERS_SHOWN[design]),
    design === "maplanding" ? membersPerRegion(db, { siteId: site.id, niche: choice.niche, countries: site.settings.countries }) : [],
  ]);
  return { design, choice, members, regions };
}
