/**
 * The seed (drizzle/seed.ts) against a freshly migrated temporary libSQL file, with the in-memory
 * photo store: static data, demo logins, generated members and their photos, --if-empty, determinism.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type Client } from "@libsql/client";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../../app/accounts/password.server";
import { giftCatalogue, interestIcons, interestKeys, profileFieldOptions } from "../../app/profiles/profile-fields";
import { siteSettingsSchema } from "../../app/sites/site-settings";
import * as schema from "../../drizzle/schema";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seed, seedCommand, type SeedDatabase } from "../../drizzle/seed";
import { createMemoryPhotoStore, type MemoryPhotoStore } from "../../tools/photo-store";

const MIGRATIONS = path.resolve(import.meta.dirname, "../../drizzle/migrations");
const PROFILES = 200;
const NOW = new Date("2026-06-01T12:00:00Z");
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const dir = mkdtempSync(path.join(tmpdir(), "seed-test-"));
const clients: Client[] = [];

async function freshDb(name: string): Promise<SeedDatabase> {
  const client = createClient({ url: `file:${path.join(dir, name)}` });
  clients.push(client);
  const db = drizzle({ client, schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return db;
}

let db: SeedDatabase;
let store: MemoryPhotoStore;
let storeOpened = 0;

beforeAll(async () => {
  db = await freshDb("main.db");
  store = createMemoryPhotoStore();
  const outcome = await seedCommand(db, {
    profiles: PROFILES,
    ifEmpty: true,
    now: NOW,
    openPhotoStore: () => {
      storeOpened++;
      return store;
    },
  });
  expect(outcome.skipped).toBe(false);
}, 120_000);

afterAll(() => {
  for (const client of clients) client.close();
  rmSync(dir, { recursive: true, force: true });
});

async function siteIdOf(key: string): Promise<number> {
  const [site] = await db.select({ id: schema.sites.id }).from(schema.sites).where(eq(schema.sites.key, key));
  return site!.id;
}

describe("sites", () => {
  it("has three sites with hosts, valid settings and one default", async () => {
    const sites = await db.select().from(schema.sites).orderBy(asc(schema.sites.id));
    expect(sites.map((s) => s.key)).toEqual(["nl-general", "de-milf", "en-gay"]);
    expect(sites.filter((s) => s.isDefault).map((s) => s.key)).toEqual(["nl-general"]);
    for (const site of sites) {
      const parsed = siteSettingsSchema.safeParse(site.settings);
      expect(parsed.success, `${site.key}: ${parsed.error?.message}`).toBe(true);
      // Written with every default filled in: parsing again changes nothing.
      expect(parsed.data).toEqual(site.settings);
    }
    const bySite = Object.fromEntries(sites.map((s) => [s.key, s]));
    expect(bySite["nl-general"]).toMatchObject({ name: "Flirtparadijs", domain: "flirtparadijs.nl", domainLanguage: "nl_NL" });
    expect(bySite["nl-general"]!.settings).toMatchObject({
      niche: 1,
      countries: ["NL", "BE"],
      fictionalSingular: { nl: "entertainmentprofiel", pl: "profil rozrywkowy" },
      fictionalPlural: { nl: "entertainmentprofielen", pl: "profile rozrywkowe" },
      timeZone: "Europe/Amsterdam",
    });
    expect(bySite["de-milf"]).toMatchObject({ domainLanguage: "de_DE" });
    expect(bySite["de-milf"]!.settings).toMatchObject({ niche: 6, countries: ["DE", "AT", "CH"], timeZone: "Europe/Berlin" });
    expect(bySite["en-gay"]).toMatchObject({ domainLanguage: "en_GB" });
    expect(bySite["en-gay"]!.settings).toMatchObject({ niche: 7, countries: ["GB", "US", "IE"], usFooter: true });

    const hosts = await db.select().from(schema.siteHosts);
    const hostSite = new Map(hosts.map((h) => [h.host, h.siteId]));
    const nl = await siteIdOf("nl-general");
    const de = await siteIdOf("de-milf");
    const gay = await siteIdOf("en-gay");
    for (const host of ["flirtparadijs.nl", "www.flirtparadijs.nl", "localhost", "127.0.0.1"]) expect(hostSite.get(host)).toBe(nl);
    for (const host of ["reifeliebe.de", "www.reifeliebe.de", "de.localhost"]) expect(hostSite.get(host)).toBe(de);
    for (const host of ["manmatch.co.uk", "www.manmatch.co.uk", "gay.localhost"]) expect(hostSite.get(host)).toBe(gay);
  });

  it("has the operating company", async () => {
    const companies = await db.select().from(schema.companies);
    expect(companies).toHaveLength(1);
    const company = companies[0]!;
    expect(company).toMatchObject({ name: "Lovelink Media B.V.", country: "NL", deleteDiscount: 50, added: "2024-03-15" });
    expect(company.kvk).toMatch(/^\d{8}$/);
    expect(company.vatNumbers[0]).toMatch(/^NL\d{9}B\d{2}$/);
    const sites = await db.select().from(schema.sites);
    expect(sites.every((s) => s.companyId === company.id)).toBe(true);
  });

  it("has price lists p0–p3 per site and currency", async () => {
    const prices = await db.select().from(schema.sitePrices).orderBy(asc(schema.sitePrices.position));
    const lists = new Map<string, typeof prices>();
    for (const p of prices) {
      const key = `${p.siteId}:${p.currency}`;
      lists.set(key, [...(lists.get(key) ?? []), p]);
    }
    const nl = await siteIdOf("nl-general");
    const de = await siteIdOf("de-milf");
    const gay = await siteIdOf("en-gay");
    const currencies = (siteId: number) =>
      [...lists.keys()]
        .filter((k) => k.startsWith(`${siteId}:`))
        .map((k) => k.split(":")[1])
        .sort();
    expect(currencies(nl)).toEqual(["DKK", "EUR", "NOK", "PLN", "SEK"]);
    expect(currencies(de)).toEqual(["CHF", "EUR"]);
    expect(currencies(gay)).toEqual(["EUR", "GBP", "USD"]);
    for (const list of lists.values()) {
      expect(list.map((p) => p.packageKey)).toEqual(["p0", "p1", "p2", "p3"]);
      expect(list.map((p) => p.credits)).toEqual([100, 250, 500, 1000]);
      expect(list.map((p) => p.discountPercent)).toEqual([0, 20, 33, 40]);
      expect(list.map((p) => p.popular)).toEqual([false, false, true, false]);
      const amounts = list.map((p) => p.amountCents);
      expect([...amounts].sort((a, b) => a - b)).toEqual(amounts);
    }
    for (const siteId of [nl, de, gay]) {
      if (lists.has(`${siteId}:EUR`)) expect(lists.get(`${siteId}:EUR`)!.map((p) => p.amountCents)).toEqual([1495, 2995, 4995, 8995]);
    }
    expect(lists.get(`${gay}:GBP`)!.map((p) => p.amountCents)).toEqual([1295, 2595, 4295, 7795]);
    expect(lists.get(`${de}:CHF`)!.map((p) => p.amountCents)).toEqual([1490, 2990, 4990, 8990]);
    expect(lists.get(`${gay}:USD`)!.map((p) => p.amountCents)).toEqual([1495, 2995, 4995, 8995]);
  });

  it("has regions with coordinates for every country a site serves", async () => {
    const regions = await db.select().from(schema.regions);
    const perCountry = new Map<string, number>();
    for (const r of regions) perCountry.set(r.country, (perCountry.get(r.country) ?? 0) + 1);
    expect(Object.fromEntries(perCountry)).toEqual({ NL: 12, BE: 11, DE: 16, AT: 9, CH: 26, GB: 12, IE: 26, US: 51 });
    const sites = await db.select().from(schema.sites);
    for (const site of sites) {
      for (const country of (site.settings as { countries: string[] }).countries) expect(perCountry.get(country)).toBeGreaterThan(0);
    }
    for (const r of regions) {
      expect(r.latitude).toBeGreaterThan(18);
      expect(r.latitude).toBeLessThan(72);
      expect(r.longitude).toBeGreaterThan(-170);
      expect(r.longitude).toBeLessThan(20);
    }
    expect(regions.find((r) => r.country === "NL" && r.code === "NH")?.name).toBe("Noord-Holland");
    expect(regions.find((r) => r.country === "DE" && r.code === "BY")?.name).toBe("Bayern");
    expect(regions.find((r) => r.country === "US" && r.code === "CA")?.name).toBe("California");
  });

  it("has the 50 interests, the 12 gifts and the welcome code", async () => {
    const interests = await db.select().from(schema.interests).orderBy(asc(schema.interests.position));
    expect(interests.map((i) => i.key)).toEqual([...interestKeys]);
    expect(interests.map((i) => i.position)).toEqual(interestKeys.map((_, i) => i + 1));
    for (const i of interests) expect(i.icon).toBe(interestIcons[i.key as keyof typeof interestIcons]);
    const gifts = await db.select().from(schema.gifts).orderBy(asc(schema.gifts.position));
    expect(gifts.map((g) => [g.key, g.icon])).toEqual(giftCatalogue.map((g) => [g.key, g.icon]));
    const codes = await db.select().from(schema.discountCodes);
    expect(codes).toHaveLength(1);
    expect(codes[0]).toMatchObject({
      code: "TIMEBONUS25",
      valuePercentage: 25,
      validitySeconds: 14400,
      siteId: null,
      oncePerUser: true,
      status: "active",
    });
  });
});

describe("demo logins", () => {
  async function login(email: string) {
    const nl = await siteIdOf("nl-general");
    const [user] = await db
      .select()
      .from(schema.users)
      .where(and(eq(schema.users.siteId, nl), eq(schema.users.email, email)));
    expect(user, email).toBeDefined();
    const [profile] = await db.select().from(schema.profiles).where(eq(schema.profiles.userId, user!.id));
    const ledger = await db
      .select()
      .from(schema.creditLedger)
      .where(eq(schema.creditLedger.userId, user!.id))
      .orderBy(asc(schema.creditLedger.id));
    return { user: user!, profile: profile!, ledger };
  }

  it("all of them verify the demo password and have active profiles with photos", async () => {
    for (const email of Object.values(DEMO_ACCOUNTS)) {
      const { user, profile } = await login(email);
      expect(user.status).toBe("confirmed");
      expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash!)).toBe(true);
      expect(await verifyPassword("wrong password", user.passwordHash!)).toBe(false);
      expect(profile.status).toBe("active");
      expect(profile.mainPhotoId).not.toBeNull();
    }
  });

  it("demo@example.com is a free member with 30 signup credits", async () => {
    const { user, profile, ledger } = await login(DEMO_ACCOUNTS.demo);
    expect(profile.name).toBe("Demo");
    expect(user).toMatchObject({ role: "member", paidUser: false, credits: 30 });
    expect(ledger.map((l) => [l.reason, l.delta, l.causeKey])).toEqual([["signup", 30, `signup:${user.id}`]]);
  });

  it("premium@example.com paid for p2 and has 500 credits matching the ledger", async () => {
    const { user, ledger } = await login(DEMO_ACCOUNTS.premium);
    expect(user.paidUser).toBe(true);
    expect(user.premiumSince).toBeInstanceOf(Date);
    expect(user.credits).toBe(500);
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(500);
    expect(ledger.at(-1)!.balanceAfter).toBe(500);
    let balance = 0;
    for (const l of ledger) {
      balance += l.delta;
      expect(l.balanceAfter).toBe(balance);
    }
    expect(ledger[0]).toMatchObject({ reason: "signup", causeKey: `signup:${user.id}` });
    const orders = await db.select().from(schema.orders).where(eq(schema.orders.userId, user.id));
    expect(orders).toHaveLength(1);
    const order = orders[0]!;
    expect(order).toMatchObject({ packageKey: "p2", credits: 500, currency: "EUR", amountCents: 4995, status: "paid" });
    expect(ledger.find((l) => l.reason === "purchase")).toMatchObject({ delta: 500, causeKey: `order:${order.id}` });
    const payments = await db.select().from(schema.payments).where(eq(schema.payments.orderId, order.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: "mollie", status: "paid", amountCents: 4995, currency: "EUR" });
  });

  it("moderator@example.com is a confirmed moderator", async () => {
    const { user } = await login(DEMO_ACCOUNTS.moderator);
    expect(user).toMatchObject({ role: "moderator", status: "confirmed" });
  });

  it("admin@example.com is a confirmed admin (the operator console)", async () => {
    const { user } = await login(DEMO_ACCOUNTS.admin);
    expect(user).toMatchObject({ role: "admin", status: "confirmed" });
  });
});

describe("members", () => {
  it("seeds the requested number of profiles, some fictional, on every site", async () => {
    const [{ n }] = (await db.select({ n: count() }).from(schema.profiles)) as [{ n: number }];
    expect(n).toBe(PROFILES + Object.keys(DEMO_ACCOUNTS).length);
    const members = await db.select().from(schema.users).where(sql`${schema.users.email} like 'member%@demo.invalid'`);
    expect(members).toHaveLength(PROFILES);
    expect(members.every((u) => u.passwordHash === null && u.status === "confirmed")).toBe(true);

    const profiles = await db.select().from(schema.profiles);
    const fictional = profiles.filter((p) => p.fictional).length;
    expect(fictional).toBeGreaterThan(0);
    expect(fictional).toBeLessThan(PROFILES * 0.25);
    const nl = await siteIdOf("nl-general");
    const de = await siteIdOf("de-milf");
    const gay = await siteIdOf("en-gay");
    const perSite = (id: number) => profiles.filter((p) => p.siteId === id);
    expect(perSite(nl).length).toBeGreaterThan(perSite(de).length);
    expect(perSite(de).length).toBeGreaterThan(0);
    expect(perSite(gay).length).toBeGreaterThan(0);
    expect(perSite(gay).every((p) => p.gender === "male" && (p.sexuality === "gay" || p.sexuality === "bi"))).toBe(true);
    expect(perSite(gay).every((p) => ["GB", "US", "IE"].includes(p.country))).toBe(true);
    expect(perSite(de).every((p) => ["DE", "AT", "CH"].includes(p.country))).toBe(true);
    expect(perSite(nl).every((p) => ["NL", "BE"].includes(p.country))).toBe(true);
    expect(perSite(de).filter((p) => p.gender === "female").length).toBeGreaterThan(perSite(de).length * 0.7);

    const regions = new Map((await db.select().from(schema.regions)).map((r) => [r.id, r.country]));
    for (const p of profiles) {
      expect(p.status).toBe("active");
      expect(regions.get(p.regionId!)).toBe(p.country);
      const age = (NOW.getTime() - Date.parse(p.birthDate)) / (365.25 * 86_400_000);
      expect(age).toBeGreaterThanOrEqual(18);
      expect(age).toBeLessThan(71);
      expect(p.lastActiveAt.getTime()).toBeGreaterThan(NOW.getTime() - 31 * 86_400_000);
      expect(p.createdAt.getTime()).toBeLessThan(p.lastActiveAt.getTime());
      if (p.hairColor !== null) expect(profileFieldOptions.hair_color).toContain(p.hairColor);
      if (p.bodyType !== null) expect(profileFieldOptions.body_type).toContain(p.bodyType);
      if (p.relationshipStatus !== null) expect(profileFieldOptions.relationship_status).toContain(p.relationshipStatus);
    }
    const interestCounts = await db
      .select({ profileId: schema.profileInterests.profileId, n: count() })
      .from(schema.profileInterests)
      .groupBy(schema.profileInterests.profileId);
    expect(interestCounts).toHaveLength(PROFILES + Object.keys(DEMO_ACCOUNTS).length);
    expect(interestCounts.every((c) => c.n >= 2 && c.n <= 8)).toBe(true);
  });

  it("stores every profile's main photo and thumbnail; seeded photos are active, some private", async () => {
    const profiles = await db.select().from(schema.profiles);
    const photos = await db.select().from(schema.photos);
    const byId = new Map(photos.map((p) => [p.id, p]));
    for (const profile of profiles) {
      const main = byId.get(profile.mainPhotoId!);
      expect(main, `main photo of profile ${profile.id}`).toBeDefined();
      expect(main!.profileId).toBe(profile.id);
      expect(main!.position).toBe(0);
      expect(main!.private).toBe(false);
      for (const key of [main!.objectKey, main!.thumbKey]) {
        const object = store.get(key);
        expect(object, key).toBeDefined();
        expect(object!.contentType).toBe("image/png");
        expect([...object!.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      }
    }
    for (const photo of photos) {
      expect(photo.objectKey).toMatch(/^photos\/[0-9a-f]{32}\.png$/);
      expect(photo.thumbKey).toBe(photo.objectKey.replace(/\.png$/, "_thumb.png"));
      expect(store.has(photo.objectKey) && store.has(photo.thumbKey)).toBe(true);
      expect(photo.status).toBe("active");
      expect([photo.width, photo.height]).toEqual([480, 600]);
    }
    expect(photos.some((p) => p.private)).toBe(true);
    expect(store.objects.size).toBe(photos.length * 2);
    const perProfile = new Map<number, number>();
    for (const p of photos) perProfile.set(p.profileId, (perProfile.get(p.profileId) ?? 0) + 1);
    expect([...perProfile.values()].every((n) => n >= 1 && n <= 4)).toBe(true);
    // The image really is 480×600 (IHDR) and the thumbnail 160×200.
    const sample = store.get(photos[0]!.objectKey)!.bytes;
    const view = new DataView(sample.buffer, sample.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([480, 600]);
    const thumb = store.get(photos[0]!.thumbKey)!.bytes;
    const thumbView = new DataView(thumb.buffer, thumb.byteOffset);
    expect([thumbView.getUint32(16), thumbView.getUint32(20)]).toEqual([160, 200]);
  });
});

describe("repeatability", () => {
  it("does nothing the second time with --if-empty", async () => {
    const counts = async () =>
      Promise.all(
        [schema.sites, schema.users, schema.profiles, schema.photos, schema.regions, schema.sitePrices, schema.creditLedger].map(
          async (t) => {
            const [row] = await db.select({ n: count() }).from(t);
            return row!.n;
          },
        ),
      );
    const before = await counts();
    const objects = store.objects.size;
    const outcome = await seedCommand(db, {
      profiles: PROFILES,
      ifEmpty: true,
      openPhotoStore: () => {
        storeOpened++;
        return createMemoryPhotoStore();
      },
    });
    expect(outcome.skipped).toBe(true);
    expect(storeOpened).toBe(1);
    expect(await counts()).toEqual(before);
    expect(store.objects.size).toBe(objects);
    // Without --if-empty a non-empty database is refused rather than duplicated.
    await expect(seed(db, { profiles: 1, photos: createMemoryPhotoStore() })).rejects.toThrow(/already/);
    expect(await counts()).toEqual(before);
  });

  it("produces the same data on every run", async () => {
    const other = await freshDb("again.db");
    const otherStore = createMemoryPhotoStore();
    await seed(other, { profiles: PROFILES, photos: otherStore, now: NOW });
    const snapshot = async (d: SeedDatabase) => ({
      profiles: await d
        .select({
          name: schema.profiles.name,
          birthDate: schema.profiles.birthDate,
          country: schema.profiles.country,
          aboutMe: schema.profiles.aboutMe,
          fictional: schema.profiles.fictional,
        })
        .from(schema.profiles)
        .orderBy(asc(schema.profiles.id)),
      photos: await d
        .select({ key: schema.photos.objectKey, private: schema.photos.private })
        .from(schema.photos)
        .orderBy(asc(schema.photos.id)),
    });
    expect(await snapshot(other)).toEqual(await snapshot(db));
    const first = (await db.select().from(schema.photos).orderBy(asc(schema.photos.id)).limit(5)).map((p) => p.objectKey);
    for (const key of first) expect(otherStore.get(key)!.bytes).toEqual(store.get(key)!.bytes);
  }, 120_000);
});
