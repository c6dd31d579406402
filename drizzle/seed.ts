/**
 * Seeds a migrated database with the operator, its three sites, prices, regions, interests, gifts,
 * the welcome discount code, three demo logins and N generated member profiles with avatar photos.
 *
 *   tsx drizzle/seed.ts [--profiles 2000] [--if-empty] [--persist-to .wrangler/state] [--max-photos 4]
 *
 * Connects with DATABASE_URL (default http://127.0.0.1:8080) and DATABASE_AUTH_TOKEN; photos go to
 * the local R2 bucket of `wrangler dev` / the Vite plugin (tools/photo-store.ts). Deterministic:
 * a seeded PRNG drives every choice, so every run produces the same members, names and object keys
 * (timestamps are relative to the time of the run; password hashes carry a fresh salt).
 *
 * Demo logins (default site, password `demo1234!demo`): demo@example.com (free member, 30 signup
 * credits), premium@example.com (paid member, 500 credits, one conversation),
 * moderator@example.com (moderator), admin@example.com (admin: the operator console /admin, whose
 * step-up code arrives in the development mail inbox /dev/mail).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@libsql/client";
import { count, eq, max, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { drizzle, type LibSQLDatabase } from "drizzle-orm/libsql";
import { hashPassword } from "../app/accounts/password.server";
import { giftCatalogue, interestIcons, interestKeys, type profileFieldOptions } from "../app/profiles/profile-fields";
import { siteSettingsSchema } from "../app/sites/site-settings";
import { createAvatarPool, type AvatarHairColor } from "../tools/avatars";
import type { PhotoStore } from "../tools/photo-store";
import * as schema from "./schema";
import { aboutMeSentences } from "./seed/about-me";
import { firstNames } from "./seed/names";
import { regionsByCountry } from "./seed/regions";
import {
  company as companySeed,
  packageAmounts,
  packages,
  siteCurrencies,
  sites as siteSeeds,
  welcomeDiscountCode,
  type SiteKey,
  type SiteSeed,
} from "./seed/sites";

export type SeedDatabase = LibSQLDatabase<typeof schema>;

export const DEMO_PASSWORD = "demo1234!demo";
export const DEMO_ACCOUNTS = {
  demo: "demo@example.com",
  premium: "premium@example.com",
  moderator: "moderator@example.com",
  admin: "admin@example.com",
} as const;

export interface SeedOptions {
  /** Number of generated member profiles (the demo logins come on top). */
  profiles: number;
  photos: PhotoStore;
  /** PRNG in [0, 1); default a fixed-seed mulberry32, so runs are identical. */
  random?: () => number;
  log?: (msg: string) => void;
  /** "Now" for relative timestamps (default: the current time). */
  now?: Date;
  /** Profiles per database batch (default 500). */
  batchSize?: number;
  /**
   * Most photos a generated member gets (1–4, default 4). The local R2 simulator stores ~700
   * objects/s, so `1` makes very large seeds (2 objects per member) about twice as fast.
   */
  maxPhotos?: number;
}

export interface SeedResult {
  companyId: number;
  siteIds: Record<SiteKey, number>;
  demoUserIds: Record<keyof typeof DEMO_ACCOUNTS, number>;
  /** Generated member profiles (without the demo logins). */
  profiles: number;
  /** Photo rows, demo logins included; each has two stored objects (image and thumbnail). */
  photos: number;
  ms: number;
}

// ───────────────────────────── randomness ─────────────────────────────

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The seed of the default PRNG (the company's founding day). */
export const DEFAULT_SEED = 20240315;

class Dice {
  constructor(readonly random: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, w] of entries) total += w;
    let r = this.random() * total;
    for (const [value, w] of entries) {
      r -= w;
      if (r < 0) return value;
    }
    return entries[entries.length - 1]![0];
  }
  /** `n` distinct items. */
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = list.slice();
    for (let i = 0; i < n && i < copy.length; i++) {
      const j = i + Math.floor(this.random() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
  hex(chars: number): string {
    let out = "";
    while (out.length < chars)
      out += Math.floor(this.random() * 0x100000000)
        .toString(16)
        .padStart(8, "0");
    return out.slice(0, chars);
  }
}

// ───────────────────────────── helpers ─────────────────────────────

const DAY = 86_400;
const toDate = (unixSeconds: number) => new Date(Math.floor(unixSeconds) * 1000);

/** ISO date of birth for someone who is exactly `age` on `now` (plus `daysIntoYear` days older). */
function birthDateFor(now: Date, age: number, daysIntoYear: number): string {
  const birth = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()));
  birth.setUTCDate(birth.getUTCDate() - Math.max(1, Math.min(360, daysIntoYear)));
  return birth.toISOString().slice(0, 10);
}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Multi-row inserts of at most `rowsPerStatement` rows, run as one batch (one transaction). */
async function insertBatch(
  db: SeedDatabase,
  parts: { table: Parameters<SeedDatabase["insert"]>[0]; rows: Record<string, unknown>[] }[],
  rowsPerStatement = 500,
): Promise<void> {
  const queries: BatchItem<"sqlite">[] = [];
  for (const { table, rows } of parts) {
    for (const slice of chunks(rows, rowsPerStatement)) queries.push(db.insert(table).values(slice as never));
  }
  if (queries.length === 0) return;
  await db.batch(queries as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

type Gender = "male" | "female";
type Sexuality = "hetero" | "gay" | "lesbian" | "bi";
type Ranges = readonly (readonly [readonly [number, number], number])[];

const GENERAL_AGES: Ranges = [
  [[18, 24], 15],
  [[25, 34], 28],
  [[35, 44], 24],
  [[45, 54], 18],
  [[55, 64], 11],
  [[65, 70], 4],
];

/** Who the generated members of each site are. */
const SITE_MEMBERS: Record<
  SiteKey,
  {
    share: number;
    countries: readonly (readonly [string, number])[];
    gender: (d: Dice) => Gender;
    sexuality: (d: Dice, gender: Gender) => Sexuality;
    ages: (gender: Gender) => Ranges;
  }
> = {
  "nl-general": {
    share: 60,
    countries: [
      ["NL", 80],
      ["BE", 20],
    ],
    gender: (d) => (d.chance(0.6) ? "female" : "male"),
    sexuality: (d, gender) =>
      gender === "female"
        ? d.weighted([
            ["hetero", 80],
            ["bi", 14],
            ["lesbian", 6],
          ] as const)
        : d.weighted([
            ["hetero", 85],
            ["bi", 8],
            ["gay", 7],
          ] as const),
    ages: () => GENERAL_AGES,
  },
  "de-milf": {
    share: 25,
    countries: [
      ["DE", 65],
      ["AT", 20],
      ["CH", 15],
    ],
    gender: (d) => (d.chance(0.9) ? "female" : "male"),
    sexuality: (d, gender) =>
      gender === "female"
        ? d.weighted([
            ["hetero", 85],
            ["bi", 15],
          ] as const)
        : "hetero",
    ages: (gender) =>
      gender === "female"
        ? [
            [[35, 44], 35],
            [[45, 54], 40],
            [[55, 60], 20],
            [[61, 68], 5],
          ]
        : [
            [[22, 34], 60],
            [[35, 45], 40],
          ],
  },
  "en-gay": {
    share: 15,
    countries: [
      ["GB", 50],
      ["US", 35],
      ["IE", 15],
    ],
    gender: () => "male",
    sexuality: (d) =>
      d.weighted([
        ["gay", 80],
        ["bi", 20],
      ] as const),
    ages: () => GENERAL_AGES,
  },
};

type HairColor = (typeof profileFieldOptions.hair_color)[number];

function hairColorFor(d: Dice, gender: Gender, age: number, country: string): HairColor | null {
  if (d.chance(0.08)) return null;
  const grey = age >= 60 ? 0.45 : age >= 50 ? 0.25 : age >= 40 ? 0.08 : 0.01;
  if (d.chance(grey)) return "grey";
  if (gender === "male" && d.chance(age >= 45 ? 0.18 : age >= 30 ? 0.07 : 0.02)) return "bald";
  const fair = ["NL", "BE", "DE", "AT", "CH", "IE", "GB"].includes(country);
  return d.weighted([
    ["brown", 36],
    ["blonde", fair ? 26 : 16],
    ["black", fair ? 16 : 24],
    ["red", country === "IE" ? 12 : 5],
    ["other", age < 35 ? 5 : 2],
  ] as const);
}

function orNull<T>(d: Dice, p: number, value: () => T): T | null {
  return d.chance(p) ? null : value();
}

// ───────────────────────────── seed ─────────────────────────────

export async function isSeeded(db: SeedDatabase): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(schema.sites);
  return (row?.n ?? 0) > 0;
}

export async function seed(db: SeedDatabase, options: SeedOptions): Promise<SeedResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const d = new Dice(options.random ?? mulberry32(DEFAULT_SEED));
  const now = options.now ?? new Date();
  const nowS = Math.floor(now.getTime() / 1000);
  const batchSize = options.batchSize ?? 500;
  const maxPhotos = Math.min(4, Math.max(1, Math.floor(options.maxPhotos ?? 4)));
  const photoWeights = (
    [
      [1, 35],
      [2, 30],
      [3, 20],
      [4, 15],
    ] as const
  ).filter(([n]) => n <= maxPhotos);
  const store = options.photos;
  const avatar = createAvatarPool(8);

  if (await isSeeded(db)) throw new Error("The database already has sites; seed only an empty (freshly migrated) database.");

  // ── operator, sites, hosts, prices ──
  const addedS = Math.floor(Date.parse(`${companySeed.added}T09:00:00Z`) / 1000);
  const [companyRow] = await db.insert(schema.companies).values(companySeed).returning({ id: schema.companies.id });
  const companyId = companyRow!.id;

  const siteIds = {} as Record<SiteKey, number>;
  for (const site of siteSeeds) {
    const settings = siteSettingsSchema.parse(site.settings);
    const [row] = await db
      .insert(schema.sites)
      .values({
        key: site.key,
        name: site.name,
        domain: site.domain,
        domainLanguage: site.domainLanguage,
        companyId,
        isDefault: site.isDefault,
        settings,
        createdAt: toDate(addedS),
      })
      .returning({ id: schema.sites.id });
    siteIds[site.key] = row!.id;
  }
  await insertBatch(db, [
    {
      table: schema.siteHosts,
      rows: siteSeeds.flatMap((site) => site.hosts.map((host) => ({ host, siteId: siteIds[site.key] }))),
    },
    {
      table: schema.sitePrices,
      rows: siteSeeds.flatMap((site) =>
        siteCurrencies[site.key].flatMap((currency) =>
          packages.map((p, i) => ({
            siteId: siteIds[site.key],
            currency,
            packageKey: p.key,
            credits: p.credits,
            amountCents: packageAmounts[currency]![i]!,
            discountPercent: p.discountPercent,
            popular: p.popular,
            position: i,
          })),
        ),
      ),
    },
  ]);

  // ── regions, interests, gifts, discount code ──
  const servedCountries = [...new Set(siteSeeds.flatMap((s) => s.settings.countries))];
  await insertBatch(db, [
    {
      table: schema.regions,
      rows: servedCountries.flatMap((country) =>
        (regionsByCountry[country] ?? []).map((r) => ({ country, code: r.code, name: r.name, latitude: r.lat, longitude: r.lng })),
      ),
    },
    {
      table: schema.interests,
      rows: interestKeys.map((key, i) => ({ key, icon: interestIcons[key], position: i + 1 })),
    },
    {
      table: schema.gifts,
      rows: giftCatalogue.map((g, i) => ({ key: g.key, icon: g.icon, credits: null, position: i + 1 })),
    },
    {
      table: schema.discountCodes,
      rows: [
        {
          siteId: null,
          code: welcomeDiscountCode.code,
          valuePercentage: welcomeDiscountCode.valuePercentage,
          validitySeconds: welcomeDiscountCode.validitySeconds,
          oncePerUser: welcomeDiscountCode.oncePerUser,
          status: "active",
          createdAt: toDate(addedS),
        },
      ],
    },
  ]);
  const regionRows = await db.select().from(schema.regions);
  const regionsOf = new Map<string, { id: number; name: string }[]>();
  for (const r of regionRows) {
    const list = regionsOf.get(r.country) ?? [];
    list.push({ id: r.id, name: r.name });
    regionsOf.set(r.country, list);
  }
  const regionByCode = new Map(regionRows.map((r) => [`${r.country}-${r.code}`, r.id]));
  const interestIdByKey = new Map((await db.select().from(schema.interests)).map((i) => [i.key, i.id]));
  const interestIds = [...interestIdByKey.values()];
  log(`sites, prices, ${regionRows.length} regions, ${interestIds.length} interests, ${giftCatalogue.length} gifts`);

  // ── id counters (explicit ids so a batch needs no round trip for RETURNING) ──
  const next = async (table: typeof schema.users | typeof schema.profiles | typeof schema.photos) => {
    const [row] = await db.select({ id: max(table.id) }).from(table);
    return (row?.id ?? 0) + 1;
  };
  let nextUserId = await next(schema.users);
  let nextProfileId = await next(schema.profiles);
  let nextPhotoId = await next(schema.photos);
  let photoCount = 0;

  type PhotoRow = typeof schema.photos.$inferInsert;
  type Put = { key: string; bytes: Uint8Array; contentType: string };

  /** Photo rows for a profile plus the objects to store; returns the main photo id. */
  const makePhotos = (
    profileId: number,
    traits: { gender: Gender; hairColor: AvatarHairColor | null },
    n: number,
    createdS: number,
    rows: PhotoRow[],
    puts: Put[],
    privateFrom?: number,
  ): number => {
    const variant = d.int(0, 7);
    let mainId = 0;
    for (let j = 0; j < n; j++) {
      const id = nextPhotoId++;
      if (j === 0) mainId = id;
      const hex = d.hex(32);
      // One person per member (`variant`), a different pose and background per photo.
      const images = avatar(traits, variant, j);
      const objectKey = `photos/${hex}.png`;
      const thumbKey = `photos/${hex}_thumb.png`;
      const isPrivate = j > 0 && (privateFrom !== undefined ? j >= privateFrom : d.chance(0.2));
      rows.push({
        id,
        profileId,
        objectKey,
        thumbKey,
        contentType: images.contentType,
        width: images.width,
        height: images.height,
        status: "active",
        private: isPrivate,
        position: j,
        createdAt: toDate(createdS + j * 600 + 60),
      });
      puts.push({ key: objectKey, bytes: images.full, contentType: images.contentType });
      puts.push({ key: thumbKey, bytes: images.thumb, contentType: images.contentType });
    }
    photoCount += n;
    return mainId;
  };

  const storeAll = (puts: Put[]) => {
    const done = Promise.all(puts.map((p) => store.put(p.key, p.bytes, p.contentType))).then(() => undefined);
    done.catch(() => {}); // awaited later; keep an early failure from being reported as unhandled
    return done;
  };

  // ── demo logins ──
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const nlSiteId = siteIds["nl-general"];
  const demoSpecs = [
    {
      key: "demo" as const,
      name: "Demo",
      role: "member" as const,
      gender: "male" as const,
      sexuality: "hetero" as const,
      birthDate: birthDateFor(now, 31, 120),
      region: "NL-NH",
      fields: {
        hairColor: "brown",
        eyeColor: "blue",
        bodyType: "athletic",
        relationshipStatus: "single",
        tattoos: "none",
        signupReason: "relationship",
      },
      aboutMe: "Ik ben Demo, het testaccount van Flirtparadijs. Spontaan, nieuwsgierig en altijd in voor een goed gesprek.",
      interests: ["travelling", "music", "cooking", "hiking"],
      signupDaysAgo: 2,
      photos: 2,
    },
    {
      key: "premium" as const,
      name: "Premium",
      role: "member" as const,
      gender: "male" as const,
      sexuality: "hetero" as const,
      birthDate: birthDateFor(now, 38, 200),
      region: "NL-UT",
      fields: {
        hairColor: "black",
        eyeColor: "brown",
        bodyType: "average",
        relationshipStatus: "divorced",
        tattoos: "one",
        signupReason: "casual",
      },
      aboutMe: "Premium testaccount. Een avond op het terras met een goed glas wijn maakt mij gelukkig.",
      interests: ["wine", "movies", "beach", "dancing", "foodie"],
      signupDaysAgo: 12,
      photos: 3,
    },
    {
      key: "moderator" as const,
      name: "Moderator",
      role: "moderator" as const,
      gender: "female" as const,
      sexuality: "hetero" as const,
      birthDate: birthDateFor(now, 35, 40),
      region: "NL-ZH",
      fields: {
        hairColor: "blonde",
        eyeColor: "green",
        bodyType: "slim",
        relationshipStatus: "in_relationship",
        tattoos: "none",
        signupReason: "friendship",
      },
      aboutMe: "Moderator van Flirtparadijs.",
      interests: ["reading", "tea", "art"],
      signupDaysAgo: 30,
      photos: 1,
    },
    {
      key: "admin" as const,
      name: "Beheer",
      role: "admin" as const,
      gender: "male" as const,
      sexuality: "hetero" as const,
      birthDate: birthDateFor(now, 40, 45),
      region: "NL-NH",
      fields: {
        hairColor: "brown",
        eyeColor: "brown",
        bodyType: "average",
        relationshipStatus: "in_relationship",
        tattoos: "none",
        signupReason: "friendship",
      },
      aboutMe: "Beheerder van Flirtparadijs.",
      interests: ["reading", "coffee"],
      signupDaysAgo: 60,
      photos: 1,
    },
  ];
  const demoUserIds = {} as Record<keyof typeof DEMO_ACCOUNTS, number>;
  const demoProfileIds = {} as Record<keyof typeof DEMO_ACCOUNTS, number>;
  {
    const userRows: (typeof schema.users.$inferInsert)[] = [];
    const profileRows: (typeof schema.profiles.$inferInsert)[] = [];
    const interestRows: (typeof schema.profileInterests.$inferInsert)[] = [];
    const ledgerRows: (typeof schema.creditLedger.$inferInsert)[] = [];
    const photoRows: PhotoRow[] = [];
    const puts: Put[] = [];
    for (const spec of demoSpecs) {
      const userId = nextUserId++;
      const profileId = nextProfileId++;
      demoUserIds[spec.key] = userId;
      demoProfileIds[spec.key] = profileId;
      const signupS = nowS - spec.signupDaysAgo * DAY;
      const confirmedS = signupS + 300;
      const isPremium = spec.key === "premium";
      userRows.push({
        id: userId,
        siteId: nlSiteId,
        email: DEMO_ACCOUNTS[spec.key],
        passwordHash,
        status: "confirmed",
        role: spec.role,
        credits: 30, // premium: corrected below once its purchase and messages are written
        paidUser: isPremium,
        premiumSince: isPremium ? toDate(nowS - 10 * DAY) : null,
        language: "nl",
        signupAt: toDate(signupS),
        confirmedAt: toDate(confirmedS),
        lastSeenAt: toDate(nowS - 3600),
      });
      ledgerRows.push({
        userId,
        delta: 30,
        balanceAfter: 30,
        reason: "signup",
        causeKey: `signup:${userId}`,
        createdAt: toDate(confirmedS),
      });
      const mainPhotoId = makePhotos(
        profileId,
        { gender: spec.gender, hairColor: spec.fields.hairColor as AvatarHairColor },
        spec.photos,
        signupS + 600,
        photoRows,
        puts,
        2,
      );
      profileRows.push({
        id: profileId,
        userId,
        siteId: nlSiteId,
        name: spec.name,
        gender: spec.gender,
        sexuality: spec.sexuality,
        birthDate: spec.birthDate,
        country: "NL",
        regionId: regionByCode.get(spec.region) ?? null,
        ...spec.fields,
        aboutMe: spec.aboutMe,
        status: "active",
        fictional: false,
        mainPhotoId,
        hasPhoto: true, // the main photo is approved and public
        lastActiveAt: toDate(nowS - 3600),
        createdAt: toDate(signupS),
      });
      for (const key of spec.interests) interestRows.push({ profileId, interestId: interestIdByKey.get(key)! });
    }
    const photosStored = storeAll(puts);
    await insertBatch(db, [
      { table: schema.users, rows: userRows },
      { table: schema.profiles, rows: profileRows },
      { table: schema.photos, rows: photoRows },
      { table: schema.profileInterests, rows: interestRows },
      { table: schema.creditLedger, rows: ledgerRows },
    ]);
    await photosStored;
  }

  // The premium login's purchase: a paid p2 order with its simulator payment.
  const premiumUserId = demoUserIds.premium;
  const paidS = nowS - 10 * DAY;
  const p2 = packages.findIndex((p) => p.key === "p2");
  const [order] = await db
    .insert(schema.orders)
    .values({
      userId: premiumUserId,
      siteId: nlSiteId,
      packageKey: "p2",
      credits: packages[p2]!.credits,
      currency: "EUR",
      amountCents: packageAmounts.EUR![p2]!,
      discountCents: 0,
      method: "ideal",
      status: "paid",
      termsAcceptedAt: toDate(paidS - 120),
      paidAt: toDate(paidS),
      createdAt: toDate(paidS - 120),
    })
    .returning({ id: schema.orders.id });
  const orderId = order!.id;
  let premiumBalance = 30 + packages[p2]!.credits;
  await insertBatch(db, [
    {
      table: schema.payments,
      rows: [
        {
          orderId,
          provider: "mollie",
          providerPaymentId: `tr_${d.hex(10)}`,
          method: "ideal",
          status: "paid",
          amountCents: packageAmounts.EUR![p2]!,
          currency: "EUR",
          checkoutUrl: null,
          createdAt: toDate(paidS - 110),
          updatedAt: toDate(paidS),
        },
      ],
    },
    {
      table: schema.creditLedger,
      rows: [
        {
          userId: premiumUserId,
          delta: packages[p2]!.credits,
          balanceAfter: premiumBalance,
          reason: "purchase",
          causeKey: `order:${orderId}`,
          createdAt: toDate(paidS),
        },
      ],
    },
  ]);
  log("demo logins: demo@example.com, premium@example.com, moderator@example.com");

  // ── members ──
  const memberSites = siteSeeds.map((s) => [s, SITE_MEMBERS[s.key].share] as const);
  let chatPartner: { profileId: number; name: string } | null = null;
  let pendingPuts: Promise<void> = Promise.resolve();
  const total = Math.max(0, Math.floor(options.profiles));
  const logEvery = Math.max(batchSize, Math.ceil(total / 10 / batchSize) * batchSize);
  let memberNo = 0;

  for (let start = 0; start < total; start += batchSize) {
    const end = Math.min(total, start + batchSize);
    const userRows: (typeof schema.users.$inferInsert)[] = [];
    const profileRows: (typeof schema.profiles.$inferInsert)[] = [];
    const interestRows: (typeof schema.profileInterests.$inferInsert)[] = [];
    const photoRows: PhotoRow[] = [];
    const puts: Put[] = [];

    for (let i = start; i < end; i++) {
      // Drawing avatars blocks; let the event loop run now and then, or an idle keep-alive
      // connection (libSQL, the photo store) is closed unnoticed and the next request fails.
      if (i % 8 === 7) await new Promise((resolve) => setImmediate(resolve));
      memberNo++;
      const site: SiteSeed = d.weighted(memberSites);
      const who = SITE_MEMBERS[site.key];
      const country = d.weighted(who.countries);
      const regions = regionsOf.get(country) ?? [];
      const region = regions.length > 0 ? d.pick(regions) : null;
      const gender = who.gender(d);
      const sexuality = who.sexuality(d, gender);
      const [minAge, maxAge] = d.weighted(who.ages(gender));
      const age = d.int(minAge, maxAge);
      const names = firstNames[country] ?? firstNames.NL!;
      const name = d.pick(names[gender]);
      const fictional = d.chance(0.08);

      const lastActiveS = nowS - Math.floor(d.random() ** 2 * 30 * DAY) - d.int(0, 600);
      const createdS = Math.min(lastActiveS - 600, addedS + Math.floor(d.random() * Math.max(0, lastActiveS - addedS)));
      const userId = nextUserId++;
      const profileId = nextProfileId++;

      const hairColor = hairColorFor(d, gender, age, country);
      const fields = {
        hairColor,
        eyeColor: orNull(d, 0.1, () =>
          d.weighted([
            ["brown", 35],
            ["blue", 30],
            ["green", 12],
            ["grey", 8],
            ["hazel", 15],
          ] as const),
        ),
        bodyType: orNull(d, 0.1, () =>
          gender === "female"
            ? d.weighted([
                ["slim", 24],
                ["athletic", 16],
                ["average", 30],
                ["curvy", 22],
                ["full_figured", 8],
              ] as const)
            : d.weighted([
                ["slim", 18],
                ["athletic", 26],
                ["average", 32],
                ["muscular", 16],
                ["full_figured", 8],
              ] as const),
        ),
        relationshipStatus: orNull(d, 0.1, () =>
          age < 30
            ? d.weighted([
                ["single", 80],
                ["in_relationship", 5],
                ["open_relationship", 8],
                ["divorced", 2],
                ["married", 3],
              ] as const)
            : d.weighted([
                ["single", 45],
                ["divorced", site.key === "de-milf" ? 35 : 28],
                ["widowed", age >= 50 ? 5 : 1],
                ["in_relationship", 6],
                ["married", 8],
                ["open_relationship", 6],
              ] as const),
        ),
        tattoos: orNull(d, 0.1, () =>
          d.weighted([
            ["none", 45],
            ["one", 20],
            ["some", 25],
            ["many", 10],
          ] as const),
        ),
        signupReason: orNull(d, 0.08, () =>
          d.weighted([
            ["relationship", 30],
            ["friendship", 12],
            ["casual", 22],
            ["chat", 20],
            ["adventure", 16],
          ] as const),
        ),
      };
      const aboutMe = d.chance(0.92)
        ? d
            .sample(aboutMeSentences[site.language], d.int(1, 3))
            .map((s) => s.replaceAll("{region}", region?.name ?? country))
            .join(" ")
        : null;

      userRows.push({
        id: userId,
        siteId: siteIds[site.key],
        email: `member${memberNo}@demo.invalid`,
        passwordHash: null,
        status: "confirmed",
        role: "member",
        credits: 0,
        language: site.language,
        signupAt: toDate(createdS),
        confirmedAt: toDate(createdS + d.int(60, 1800)),
        lastSeenAt: toDate(lastActiveS),
      });
      const photoN = d.weighted(photoWeights);
      const mainPhotoId = makePhotos(profileId, { gender, hairColor }, photoN, createdS, photoRows, puts);
      profileRows.push({
        id: profileId,
        userId,
        siteId: siteIds[site.key],
        name,
        gender,
        sexuality,
        birthDate: birthDateFor(now, age, d.int(1, 360)),
        country,
        regionId: region?.id ?? null,
        ...fields,
        aboutMe,
        status: "active",
        fictional,
        mainPhotoId,
        hasPhoto: true, // the main photo is approved and public
        lastActiveAt: toDate(lastActiveS),
        createdAt: toDate(createdS),
      });
      for (const interestId of d.sample(interestIds, d.int(2, 8))) interestRows.push({ profileId, interestId });
      if (!chatPartner && fictional && site.key === "nl-general" && gender === "female" && country === "NL") {
        chatPartner = { profileId, name };
      }
    }

    const stored = storeAll(puts);
    await insertBatch(db, [
      { table: schema.users, rows: userRows },
      { table: schema.profiles, rows: profileRows },
      { table: schema.photos, rows: photoRows },
      { table: schema.profileInterests, rows: interestRows },
    ]);
    await pendingPuts; // keep at most two batches of photos in flight
    pendingPuts = stored;
    if (end % logEvery === 0 || end === total) {
      log(`members: ${end}/${total} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  }
  await pendingPuts;

  // ── the premium login's conversation (two paid messages bring its balance to 500) ──
  const partner = chatPartner as { profileId: number; name: string } | null;
  if (partner) {
    const premiumProfileId = demoProfileIds.premium;
    const startS = nowS - 9 * DAY;
    const [conversation] = await db
      .insert(schema.conversations)
      .values({
        siteId: nlSiteId,
        starterId: premiumProfileId,
        recipientId: partner.profileId,
        lastMessageAt: toDate(startS + 3 * 900),
        createdAt: toDate(startS),
      })
      .returning({ id: schema.conversations.id });
    const conversationId = conversation!.id;
    const lines: [number, string][] = [
      [premiumProfileId, `Hoi ${partner.name}! Leuk profiel, hoe gaat het met je?`],
      [partner.profileId, "Hoi! Goed hoor, dank je. En met jou?"],
      [premiumProfileId, "Prima! Heb je al plannen voor het weekend?"],
      [partner.profileId, "Nog niets gepland… heb jij een leuk idee? 😊"],
    ];
    const messageRows = await db
      .insert(schema.messages)
      .values(
        lines.map(([senderId, body], i) => ({
          conversationId,
          senderId,
          kind: "text" as const,
          body,
          credits: senderId === premiumProfileId ? 15 : 0,
          createdAt: toDate(startS + i * 900),
        })),
      )
      .returning({
        id: schema.messages.id,
        senderId: schema.messages.senderId,
        credits: schema.messages.credits,
        createdAt: schema.messages.createdAt,
      });
    const ledgerRows: (typeof schema.creditLedger.$inferInsert)[] = [];
    for (const m of messageRows) {
      if (m.senderId !== premiumProfileId) continue;
      premiumBalance -= m.credits;
      ledgerRows.push({
        userId: premiumUserId,
        delta: -m.credits,
        balanceAfter: premiumBalance,
        reason: "message",
        causeKey: `message:${m.id}`,
        createdAt: m.createdAt,
      });
    }
    await insertBatch(db, [
      { table: schema.creditLedger, rows: ledgerRows },
      {
        table: schema.conversationMembers,
        rows: [
          { conversationId, profileId: premiumProfileId, unreadCount: 1, lastMessageAt: toDate(startS + 3 * 900) },
          { conversationId, profileId: partner.profileId, unreadCount: 0, lastMessageAt: toDate(startS + 3 * 900) },
        ],
      },
    ]);
  }
  await db.update(schema.users).set({ credits: premiumBalance }).where(eq(schema.users.id, premiumUserId));
  // Statistics for the query planner: without them SQLite may walk every profile of a site for
  // queries that should start from likes (see workers/cron/optimize-database.ts).
  await db.run(sql`ANALYZE`);

  const ms = performance.now() - started;
  log(`seeded ${total} members (+3 demo logins), ${photoCount} photos (${photoCount * 2} objects) in ${(ms / 1000).toFixed(1)} s`);
  return { companyId, siteIds, demoUserIds, profiles: total, photos: photoCount, ms };
}

// ───────────────────────────── CLI ─────────────────────────────

export interface SeedCommandOptions {
  profiles: number;
  /** Do nothing when the `sites` table already has rows. */
  ifEmpty: boolean;
  /** Opened only when there is something to seed; closed afterwards. */
  openPhotoStore: () => PhotoStore | Promise<PhotoStore>;
  log?: (msg: string) => void;
  random?: () => number;
  now?: Date;
  maxPhotos?: number;
}

/** The CLI's logic, minus argument parsing and connecting. */
export async function seedCommand(db: SeedDatabase, options: SeedCommandOptions): Promise<{ skipped: boolean; result?: SeedResult }> {
  const log = options.log ?? (() => {});
  if (options.ifEmpty && (await isSeeded(db))) {
    log("The database already has sites: nothing to seed (--if-empty).");
    return { skipped: true };
  }
  const photos = await options.openPhotoStore();
  try {
    const result = await seed(db, {
      profiles: options.profiles,
      photos,
      log,
      random: options.random,
      now: options.now,
      maxPhotos: options.maxPhotos,
    });
    return { skipped: false, result };
  } finally {
    await photos.close();
  }
}

export function parseSeedArgs(argv: string[]): {
  profiles: number;
  ifEmpty: boolean;
  persistTo?: string;
  maxPhotos: number;
  help: boolean;
} {
  const out = { profiles: 2000, ifEmpty: false, persistTo: undefined as string | undefined, maxPhotos: 4, help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes("=") ? (arg.split("=", 2) as [string, string]) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === "--profiles") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 0) throw new Error("--profiles expects a non-negative integer");
      out.profiles = n;
    } else if (flag === "--max-photos") {
      const n = Number(value());
      if (!Number.isInteger(n) || n < 1 || n > 4) throw new Error("--max-photos expects 1, 2, 3 or 4");
      out.maxPhotos = n;
    } else if (flag === "--if-empty") out.ifEmpty = true;
    else if (flag === "--persist-to") out.persistTo = value();
    else if (flag === "--help" || flag === "-h") out.help = true;
    else throw new Error(`unknown argument: ${arg}`);
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  if (args.help) {
    console.log(
      "usage: tsx drizzle/seed.ts [--profiles 2000] [--if-empty] [--persist-to <wrangler state dir>] [--max-photos 1-4]\n" +
        "env: DATABASE_URL (default http://127.0.0.1:8080), DATABASE_AUTH_TOKEN",
    );
    return;
  }
  const url = process.env.DATABASE_URL || "http://127.0.0.1:8080";
  const client = createClient({ url, authToken: process.env.DATABASE_AUTH_TOKEN || undefined });
  const db = drizzle({ client, schema });
  const log = (msg: string) => console.log(`[seed] ${msg}`);
  try {
    try {
      await db.select({ n: count() }).from(schema.sites);
    } catch (error) {
      throw new Error(
        `cannot read the sites table at ${url} (is the database running and migrated? npm run db:migrate): ${(error as Error).message}`,
      );
    }
    log(`database ${url}`);
    await seedCommand(db, {
      profiles: args.profiles,
      ifEmpty: args.ifEmpty,
      maxPhotos: args.maxPhotos,
      log,
      openPhotoStore: async () => {
        const { createMiniflarePhotoStore } = await import("../tools/photo-store");
        const store = await createMiniflarePhotoStore({ persistTo: args.persistTo });
        const shown = path.relative(process.cwd(), store.persistTo);
        log(`photos → local R2 bucket "dating-photos" in ${shown && !shown.startsWith("..") ? shown : store.persistTo}/v3/r2`);
        return store;
      },
    });
  } finally {
    client.close();
  }
}

const invokedPath = process.argv[1] ? path.resolve(process.argv[1]) : "";
if (invokedPath === fileURLToPath(import.meta.url) || invokedPath === fileURLToPath(import.meta.url).replace(/\.ts$/, "")) {
  main().catch((error) => {
    console.error(`[seed] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
