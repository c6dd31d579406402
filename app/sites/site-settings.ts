/**
 * The per-site settings of product.md §3 that are not columns of `sites`.
 * Every number the specification names as a setting lives here, so an operator can change it
 * without a deploy; the defaults are the decisions of product.md §10.
 */
import { normalizeCdnPrefix } from "./cdn";
import { z } from "zod";
import { defaultPaymentMethods, paymentMethodKeys } from "./payment-methods";
import { thirdPartyScriptsSchema } from "../acquisition/consent";
import { brandSchema } from "./brand";
import { localizedTextSchema } from "./site-texts";

export const countryCode = z.string().regex(/^[A-Z]{2}$/);

/** Whether the runtime knows this time zone: with an unknown one, every date the site formats would throw. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * One tile of the cam-profile and resell list (product.md §2): a partner's profile, advertised on
 * the profile page. The image is a local asset (`/resell/…`) or an https URL on the site's own
 * domain (others are not shown, see resell-tiles.server.ts); the link is the partner's https page.
 */
export const resellTileSchema = z.object({
  title: z.string().trim().min(1).max(60),
  imageUrl: z.string().regex(/^(\/(?!\/)|https:\/\/)\S+$/),
  linkUrl: z.url({ protocol: /^https$/ }).max(500),
});
export type ResellTile = z.infer<typeof resellTileSchema>;

export const siteSettingsSchema = z.object({
  /** Where public photos and static images are served from (app/sites/cdn.ts); "" for the site itself. */
  cdnPrefix: z.string().default("").transform(normalizeCdnPrefix),
  /** Texts a visitor reads are per language (site-texts.ts): one string, or `{ nl: "…", en: "…" }`. */
  indexTitle: localizedTextSchema,
  description: localizedTextSchema,
  /** Countries the site serves (ISO 3166-1 alpha-2), first is the main one. */
  countries: z.array(countryCode).min(1),
  /** product.md §4: all | with_trafficsource | anything else switches signup off (invite only). */
  signups: z.enum(["all", "with_trafficsource", "invite_only"]).default("all"),
  /** product.md §4: 'none' disables logged-out search. */
  loggedOutSearch: z.enum(["all", "limited", "none"]).default("limited"),
  loggedOutSearchTrafficsource: z.enum(["all", "limited", "none"]).default("all"),
  /**
   * An allow-list of traffic sources (tracking `network` values). Empty (the default): any network
   * counts as "came through a traffic source" for signups and logged-out search (spec §4); a site
   * that names networks narrows it to those, and a made-up `?network=` then unlocks nothing.
   */
  trafficNetworks: z.array(z.string().min(1).max(100)).default([]),
  supportPhone: z.string(),
  supportEmail: z.string().email(),
  enableSiteEntryPopup: z.boolean().default(true),
  /** Countries whose logged-out visitors see the adult entry warning on the default layout. */
  entryPopupCountries: z.array(countryCode).default(["NL", "BE", "DE", "AT", "CH"]),
  niche: z.number().int().min(1).max(7).default(1),
  /**
   * The id of an icon of the sprite public/icons.svg (ADR 025). An older value (an emoji, which
   * shows as an empty box without a colour-emoji font) reads as the sprite's mask.
   */
  fictionalIcon: z
    .string()
    .default("mask")
    .transform((icon) => (/^[a-z][a-z-]*$/.test(icon) ? icon : "mask")),
  fictionalWarning: localizedTextSchema,
  fictionalSingular: localizedTextSchema,
  fictionalPlural: localizedTextSchema,
  visibleProfileFields: z
    .array(z.string())
    .default(["hair_color", "eye_color", "body_type", "relationship_status", "tattoos", "signup_reason"]),
  visibleProfileNotes: z.boolean().default(false),
  messageCredits: z.number().int().positive().default(15),
  signupCredits: z.number().int().nonnegative().default(30),
  photoCredits: z.number().int().positive().default(20),
  giftCredits: z.number().int().positive().default(30),
  messageLength: z.number().int().positive().default(2000),
  /**
   * product.md §9 "Chat history": free members see only the newest this many messages of a
   * conversation, older ones locked until they buy credits; null (the default): no limit.
   */
  chatHistoryLimit: z.number().int().positive().max(10_000).nullable().default(null),
  /**
   * When an account's new messages are held for review as likely spam (ADR 053): the same or
   * nearly the same first message to this many members within the window, or more than this many
   * new conversations started in one minute.
   */
  spamHold: z
    .object({
      sameFirstMessages: z.number().int().min(2).max(1000).default(8),
      windowMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(60),
      /** How alike two first messages must be to count as "nearly the same" (0–1, word trigrams). */
      similarity: z.number().min(0.5).max(1).default(0.8),
      conversationsPerMinute: z.number().int().min(1).max(100).default(3),
    })
    .default({ sameFirstMessages: 8, windowMinutes: 60, similarity: 0.8, conversationsPerMinute: 3 }),
  searchFields: z.array(z.enum(["gender", "country", "region", "age"])).default(["gender", "country", "region", "age"]),
  refundDays: z.number().int().nonnegative().default(14),
  /** Payment methods offered per visitor country (`*`: any other country), from product.md §3's list. */
  paymentMethods: z
    .record(z.string().regex(/^([A-Z]{2}|\*)$/), z.array(z.enum(paymentMethodKeys)).min(1))
    .refine((methods) => methods["*"] !== undefined, 'needs "*": the methods for every other country')
    .default(defaultPaymentMethods),
  /** Most a member may have in direct debits that are open or were collected in the last 30 days (cents). */
  directDebitLimitCents: z.number().int().nonnegative().default(15000),
  /** Countries whose bank accounts may pay by direct debit (ISO codes); null: the site's `countries`. */
  directDebitCountries: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .nullable()
    .default(null),
  /** product.md §3 `member_resell`: the profile page shows `resellTiles` below the related profiles. */
  memberResell: z.boolean().default(false),
  resellTiles: z.array(resellTileSchema).max(12).default([]),
  mailName: localizedTextSchema,
  /** Time zone for daily limits (swipe likes reset at local midnight). */
  timeZone: z.string().refine(isTimeZone, "an IANA time zone, such as Europe/Amsterdam").default("Europe/Amsterdam"),
  /** The US footer variant (English locale only). */
  usFooter: z.boolean().default(false),
  minAge: z.number().int().min(18).default(18),
  freePhotoLimit: z.number().int().positive().default(3),
  premiumPhotoLimit: z.number().int().positive().default(25),
  dailySwipeLikes: z.number().int().positive().default(4),
  freeConversationLimit: z.number().int().nonnegative().default(2),
  welcomeCode: z.string().default("TIMEBONUS25"),
  welcomeDiscountPercent: z.number().int().min(1).max(100).default(25),
  welcomeSeconds: z.number().int().positive().default(14400),
  deletionGraceDays: z.number().int().positive().default(14),
  /** The installed app (web app manifest, /manifest.webmanifest): its short name (the site's name when unset), colours and icons. */
  shortName: z.string().trim().min(1).max(12).optional(),
  themeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#8b1226"),
  backgroundColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .default("#ffffff"),
  appIcons: z
    .array(
      z.object({
        src: z.string().regex(/^(\/(?!\/)|https:\/\/)\S+$/),
        sizes: z.string().regex(/^(any|\d+x\d+( \d+x\d+)*)$/),
        type: z.string().regex(/^image\/[a-z+.-]+$/),
        purpose: z.enum(["any", "maskable", "monochrome"]).optional(),
      }),
    )
    .min(1)
    .default([{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }]),
  /**
   * The push public key (product.md §3). Filled per request from the deployment's VAPID key (ADR
   * 025, root.tsx); a value stored in the database is ignored, since only the deployment's private
   * key can sign pushes for it.
   */
  vapidPublicKey: z.string().default(""),
  /** White label (ADR 025): the site's colours (white text on each at least 4.5:1) and its logo under public/. */
  brand: brandSchema,
  /**
   * product.md §10 "Acquisition": the tracking tag and behaviour-analytics script (https URLs, with
   * the further hosts they report to), loaded only after the visitor's consent (ADR 031). None by default.
   */
  thirdPartyScripts: thirdPartyScriptsSchema,
  /** The picture link previews show (Open Graph): a path under public/ or an https URL; unset: the site's generated card (/og-image.png). */
  ogImage: z
    .string()
    .regex(/^(\/(?!\/)|https:\/\/)\S+\.(png|jpe?g|webp)$/)
    .optional(),
});

export type SiteSettings = z.infer<typeof siteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof siteSettingsSchema>;
