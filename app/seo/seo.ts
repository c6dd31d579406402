/**
 * What search engines and link previews read (product.md §10 "Acquisition"): which pages are
 * indexed, their canonical address, the `hreflang` alternates in the site's visible languages and
 * the Open Graph tags. Plain functions of plain values; app/http/document.server.ts puts the tags
 * into every page's head.
 */
import { domainLanguageOf, intlLocale, isLanguage, visibleLanguages, type Language } from "~/i18n/languages";
import { chooseLander, LANDER_DESIGNS, landerSlug, SLUG_LANDER_DESIGNS, type LanderChoice } from "~/landers/lander-slug";
import * as urls from "~/urls";

/** The query parameter that asks for a language (`/pricing?lang=de`); the alternates link with it. */
export const LANGUAGE_PARAM = "lang";

/** The public pages of product.md §2 besides content pages and landers, all indexed. */
const PUBLIC_PAGES: readonly string[] = [urls.home, urls.pricing, urls.signup, urls.login];

/** The content pages of product.md §2, all indexed. */
export const CONTENT_PAGES = ["terms", "privacy", "cookies", "ban", "return-policy", "faq", "service"] as const;

/** The landers of product.md §2 that take a slug (optional: without one, the site's own niche). */
const SLUG_LANDER_PATHS: readonly string[] = SLUG_LANDER_DESIGNS.map((design) => urls.lander(design));

/** The landers of product.md §2. */
export const LANDER_PATHS: readonly string[] = LANDER_DESIGNS.map((design) => urls.lander(design));

/**
 * Indexed: the home page, pricing, signup and login (what someone searching for the site's name
 * looks for), the content pages and the landers. Everything else — member
 * profiles and member landers, the members area, account pages — is `noindex` (and kept out of
 * robots.txt's reach where it is a whole area).
 */
export function isIndexable(path: string): boolean {
  if (PUBLIC_PAGES.includes(path)) return true;
  if (/^\/pages\/[\w-]+$/.test(path)) return true;
  return /^\/landers\/[\w-]+(\/[\w-]+)?$/.test(path);
}

/**
 * The paths robots.txt keeps crawlers out of: the members area, account pages and the JSON calls.
 * A function, so the pages that load this module for their meta tags do not carry the list.
 */
export const disallowedPaths = (): readonly string[] => [
  urls.members,
  urls.likes,
  urls.chats,
  urls.premium,
  urls.profile,
  urls.settings,
  urls.notifications,
  urls.credits,
  urls.transactions,
  urls.directDebit,
  urls.swipeGame,
  urls.matchFinder,
  urls.moderation,
  urls.conversions,
  urls.apiArea,
  urls.photosArea,
];

/** Every path the sitemap lists. */
export function sitemapPaths(): string[] {
  return [...PUBLIC_PAGES, ...CONTENT_PAGES.map((page) => urls.page(page)), ...LANDER_PATHS];
}

/** The languages the site is shown in: those visible in any of its countries, its own first. */
export function siteLanguages(countries: readonly string[], domainLanguage: string): Language[] {
  const own = domainLanguageOf(domainLanguage);
  const all = new Set<Language>(own ? [own] : []);
  for (const country of countries) for (const language of visibleLanguages(country, domainLanguage)) all.add(language);
  return [...all];
}

/** The language a URL asks for (`?lang=`), if it is one of ours. */
export function languageOfUrl(url: URL): Language | null {
  const value = url.searchParams.get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/** The address of `path` in `language` (none: the address without a language, `x-default`). */
export function languageUrl(origin: string, path: string, language: Language | null): string {
  return `${origin}${path}${language ? `?${LANGUAGE_PARAM}=${language}` : ""}`;
}

/**
 * A lander's address with a slug (product.md §10 "Landers"): `/landers/{design}/{slug}` or
 * `/members/{id}/landing2|3/{slug}`, split into the lander's own path and the slug's choice. The
 * slug, not `?lang=`, sets such a page's language; a slug not of the form `{locale}-{niche}`
 * shows the page without slug (`choice` null).
 */
function landerWithSlug(path: string): { lander: string; choice: LanderChoice | null } | null {
  const match = /^(?:(\/landers\/[\w-]+)|(\/members\/\d+\/landing[23]))\/([^/]+)$/.exec(path);
  const [, designLander, memberLander, slug] = match ?? [];
  if (designLander && !SLUG_LANDER_PATHS.includes(designLander)) return null;
  const lander = designLander ?? memberLander;
  if (!lander) return null;
  const choice = chooseLander(slug, { language: "nl", siteNiche: 1 });
  return { lander, choice: choice.fallback ? null : choice };
}

/** The language a lander's slug gives its page (`/landers/video/de-milf` → de), else null. */
export function slugLanguage(path: string): Language | null {
  return landerWithSlug(path)?.choice?.language ?? null;
}

/** A page's canonical address: its path, in the language its URL asked for; no tracking or other parameters. */
export function canonicalUrl(origin: string, url: URL): string {
  const lander = landerWithSlug(url.pathname);
  if (lander?.choice) return `${origin}${url.pathname}`;
  return languageUrl(origin, lander ? lander.lander : url.pathname, languageOfUrl(url));
}

/**
 * `hreflang` alternates of a page: one per language, and `x-default` for the address without one.
 * A lander with a slug has them in its other slugs: `/landers/video/de-milf` → `…/nl-milf`, …, and
 * `x-default` in the site's own language.
 */
export function alternates(origin: string, path: string, languages: readonly Language[]): { hreflang: string; href: string }[] {
  const lander = landerWithSlug(path);
  if (lander?.choice) {
    const { language, niche } = lander.choice;
    const all = [...new Set([...languages, language])];
    const href = (slugLanguage: Language) => `${origin}${lander.lander}/${landerSlug(slugLanguage, niche)}`;
    if (all.length < 2) return [];
    return [...all.map((each) => ({ hreflang: each, href: href(each) })), { hreflang: "x-default", href: href(all[0]!) }];
  }
  const page = lander ? lander.lander : path;
  if (languages.length < 2) return [];
  return [
    ...languages.map((language) => ({ hreflang: language, href: languageUrl(origin, page, language) })),
    { hreflang: "x-default", href: languageUrl(origin, page, null) },
  ];
}

/** Open Graph's locale form of a language: its Intl locale with an underscore (`nl` → `nl_NL`). */
const ogLocale = (language: Language) => intlLocale[language].replace("-", "_");

export type HeadInput = {
  origin: string;
  url: URL;
  status: number;
  language: Language;
  languages: readonly Language[];
  siteName: string;
  /** The page's own title (from its `<title>`); its description, else the site's. */
  title: string;
  description: string;
  /** An absolute URL or a path of the site. */
  image: string;
  /**
   * The tags the page set itself (`description`, `robots`, `canonical`, `og:image`, …): a page's
   * own wins (a lander's picture, a profile's noindex), these are only the defaults.
   */
  present: ReadonlySet<string>;
};

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The head tags of one page, as HTML. */
export function headTags(input: HeadInput): string {
  const { origin, url } = input;
  const indexed = input.status === 200 && isIndexable(url.pathname);
  const tag = (name: string, attributes: Record<string, string>) =>
    `<${name} ${Object.entries(attributes)
      .map(([key, value]) => `${key}="${escapeAttribute(value)}"`)
      .join(" ")}>`;
  const has = (key: string) => input.present.has(key);
  const meta = (property: string, content: string) => (content && !has(property) ? tag("meta", { property, content }) : "");
  const image = input.image.startsWith("/") ? `${origin}${input.image}` : input.image;
  const description = input.description.trim();
  const parts = [
    indexed && !has("canonical") ? tag("link", { rel: "canonical", href: canonicalUrl(origin, url) }) : "",
    !indexed && !has("robots") ? tag("meta", { name: "robots", content: "noindex, nofollow" }) : "",
    ...(indexed ? alternates(origin, url.pathname, input.languages).map((link) => tag("link", { rel: "alternate", ...link })) : []),
    !has("description") && description ? tag("meta", { name: "description", content: description }) : "",
    meta("og:type", "website"),
    meta("og:site_name", input.siteName),
    meta("og:title", input.title || input.siteName),
    meta("og:description", description),
    meta("og:url", canonicalUrl(origin, url)),
    meta("og:image", image),
    meta("og:locale", ogLocale(slugLanguage(url.pathname) ?? input.language)),
    has("twitter:card") ? "" : tag("meta", { name: "twitter:card", content: "summary_large_image" }),
  ];
  return parts.filter(Boolean).join("");
}

/**
 * A page's own title, description and preview picture, for its `meta` export (a lander's, say):
 * `export const meta = ({ loaderData }) => seoMeta({ title, description, image: "/landers/video.jpg" })`.
 * The canonical address, alternates and the other Open Graph tags are added to every page.
 */
export function seoMeta(input: { title: string; description?: string; image?: string }) {
  return [
    { title: input.title },
    { property: "og:title", content: input.title },
    ...(input.description
      ? [
          { name: "description", content: input.description },
          { property: "og:description", content: input.description },
        ]
      : []),
    ...(input.image ? [{ property: "og:image", content: input.image }] : []),
  ];
}

const escapeXml = (value: string) => value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** sitemap.xml of one site: its indexed pages, each with its language alternates. */
export function sitemapXml(origin: string, languages: readonly Language[]): string {
  const entries = sitemapPaths().map((path) => {
    const links = alternates(origin, path, languages)
      .map((link) => `<xhtml:link rel="alternate" hreflang="${link.hreflang}" href="${escapeXml(link.href)}"/>`)
      .join("");
    return `<url><loc>${escapeXml(languageUrl(origin, path, null))}</loc>${links}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    "</urlset>",
  ].join("\n");
}

/** robots.txt of one site: everything but the members area and account pages, and where the sitemap is. */
export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    ...disallowedPaths().map((path) => `Disallow: ${path}`),
    "Allow: /",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}
