/**
 * The loaders of the landers (product.md §10 "Landers"): the page for the design (or member) and
 * slug, and its title and description in the lander's language. Each visit is counted for the
 * conversion report (product.md §10 "Acquisition") with the lander's path without the slug.
 */
import { data, type RouterContextProvider } from "react-router";
import { recordLanding } from "~/http/acquisition.server";
import { whileGuardingBrowsing } from "~/routes/browse-guard.server";
import { getServices, getSite } from "~/http/context.server";
import { getUser } from "~/http/guards.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import type { Language } from "~/i18n/languages";
import { idParam } from "~/http/params";
import { landerPage } from "~/landers/lander-page.server";
import type { LanderDesign } from "~/landers/lander-slug";
import { chooseLander } from "~/landers/lander-slug";
import { memberTeaser } from "~/landers/member-teaser.server";
import * as urls from "~/urls";

export async function loadLander(
  context: Readonly<RouterContextProvider>,
  request: Request,
  design: LanderDesign,
  slug: string | undefined,
) {
  const { db, now } = getServices(context);
  const site = getSite(context);
  recordLanding(context, request, { page: urls.lander(design), slug });
  const page = await landerPage(db, {
    design,
    slug,
    language: getLocale(context) as Language,
    site,
    viewerProfileId: getUser(context)?.profile?.id ?? null,
    now: now(),
  });
  const t = getI18n(context).getFixedT(page.choice.language, "landers");
  return {
    ...page,
    title: `${t(`${design}.title`, { siteName: site.name })} · ${site.name}`,
    description: t(`niche.${page.choice.niche}.lead`),
    /** The link preview's picture: the photo of the first member the lander shows (else the site's picture). */
    image: page.members[0]?.photoUrl ?? null,
  };
}

export type LanderData = Awaited<ReturnType<typeof loadLander>>;

/** The member landers, by the last part of their path. */
export type MemberLanderVariant = "landing" | "landing2" | "landing3" | "signup";

/**
 * The member landers (/members/{id}/landing, landing2, landing3 and signup): one member's teaser,
 * or the site's 404 for an unknown, deleted, unconfirmed, invisible or blocked member. A shown
 * page counts as a visit of `/members/{id}/{variant}`.
 *
 * They show what a profile shows (name, age, region, about-me, photo), so they count against the
 * browsing limits of /members/{id} with the same counters (ADR 019, ADR 040), before the member is
 * looked up: over the limit every id answers the same 429, and under it an id that does not
 * exist answers exactly like one the viewer may not see.
 */
export async function loadMemberLander(
  context: Readonly<RouterContextProvider>,
  request: Request,
  { id, variant, slug }: { id: string; variant: MemberLanderVariant; slug?: string },
) {
  const profileId = idParam(id);
  if (profileId === null) throw data(null, { status: 404 });
  const { db, now } = getServices(context);
  const site = getSite(context);
  // The limit's count and the member's teaser travel together (ADR 047).
  const teaser = await whileGuardingBrowsing(request, context, () =>
    memberTeaser(db, { profileId, viewerProfileId: getUser(context)?.profile?.id ?? null, site, now: now() }),
  );
  if (!teaser) throw data(null, { status: 404 });
  recordLanding(context, request, { page: urls.memberLander(teaser.card.id, variant), slug });
  const choice = chooseLander(slug, { language: getLocale(context) as Language, siteNiche: site.settings.niche });
  const t = getI18n(context).getFixedT(choice.language, "landers");
  return {
    teaser,
    choice,
    title: `${t("member.title", { name: teaser.card.name })} · ${site.name}`,
    description: teaser.about ?? t(`niche.${choice.niche}.lead`),
    image: teaser.photoUrl,
  };
}

export type MemberLanderData = Awaited<ReturnType<typeof loadMemberLander>>;
