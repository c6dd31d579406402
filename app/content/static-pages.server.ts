/**
 * The content pages (terms, privacy, cookies, ban, return policy, FAQ, service), written per
 * language in locales/<lng>/pages.json and filled in with the site's and company's details.
 */
import type { TFunction } from "i18next";
import { termsVersionDate } from "~/content/terms-date";
import { formatDate } from "~/i18n/format";
import type { LocalizedSite } from "~/sites/site.server";

export const staticPages = ["terms", "privacy", "cookies", "ban", "return-policy", "faq", "service"] as const;
export type StaticPage = (typeof staticPages)[number];

export function isStaticPage(value: string | undefined): value is StaticPage {
  return (staticPages as readonly string[]).includes(value ?? "");
}

const contentKey: Record<StaticPage, string> = {
  terms: "terms",
  privacy: "privacy",
  cookies: "cookies",
  ban: "ban",
  "return-policy": "returnPolicy",
  faq: "faq",
  service: "service",
};

export type PageSection = { heading: string; paragraphs: string[] };
export type PageContent = {
  title: string;
  intro: string;
  sections: PageSection[];
  questions: { q: string; a: string }[];
  updated: string;
};

export function pageVariables(site: LocalizedSite, language: string) {
  const { company, settings } = site;
  return {
    siteName: site.name,
    domain: site.domain,
    companyName: company.name,
    companyAddress: company.address,
    companyCity: `${company.zip} ${company.city}`,
    companyCountry: company.country,
    kvk: company.kvk,
    vatNumber: company.vatNumbers.join(", "),
    tradenames: company.tradenames.join(", ") || site.name,
    supportEmail: settings.supportEmail,
    supportPhone: settings.supportPhone.replace(/[\s-]/g, ""),
    termsDate: formatDate(termsVersionDate(company.added), language),
    refundDays: settings.refundDays,
    messageCredits: settings.messageCredits,
    photoCredits: settings.photoCredits,
    giftCredits: settings.giftCredits,
    signupCredits: settings.signupCredits,
    minAge: settings.minAge,
    freePhotos: settings.freePhotoLimit,
    premiumPhotos: settings.premiumPhotoLimit,
    deletionDays: settings.deletionGraceDays,
    welcomeDiscount: `${settings.welcomeDiscountPercent}%`,
    fictionalPlural: site.texts.fictionalPlural,
  };
}

export function renderStaticPage(page: StaticPage, site: LocalizedSite, t: TFunction, language: string): PageContent {
  const variables = pageVariables(site, language);
  const content = t(contentKey[page], { ns: "pages", returnObjects: true, ...variables }) as Partial<PageContent>;
  return {
    title: content.title ?? "",
    intro: content.intro ?? "",
    sections: content.sections ?? [],
    questions: content.questions ?? [],
    updated: t("updated", { ns: "pages", date: variables.termsDate }),
  };
}
