/**
 * Likes and matches: like/unlike/match transitions through /api/likes.php, the GET shape
 * of product.md §3, visibility (hidden, blocked, other site → 404), the free members' daily swipe
 * limit (product.md §10: 4 a day, reset at local midnight in the site's time zone; premium
 * unlimited), the auto-like of the like modal, and the likes pages.
 */
import { describe, expect, it } from "vitest";
import { startOfDay, startOfNextDay } from "~/utils/day";
import type { LikeError, LikeResult, LikesPayload } from "~/discovery/like-api";
import { createMember, loginCookie, type MemberOptions } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { block, count, fetchAs, givePhoto, insertLike, likeCall, matchCount, shapeProfile } from "./likes-helpers";

const TIME_ZONE = "Europe/Amsterdam";

async function signedIn(options: MemberOptions = {}, host = "localhost") {
  const member = await createMember(options);
  return { ...member, cookie: await loginCookie(member, host) };
}

async function like(cookie: string, profileId: number, source = "profile") {
  const response = await likeCall(cookie, { profile_id: profileId, action: "like", source });
  return { status: response.status, body: (await response.json()) as LikeResult & LikeError };
}

describe("visitors", () => {
  it("get the spec's 403 from the likes calls", async () => {
    const target = await createMember();
    for (const response of [
      await get("/api/likes.php"),
      await likeCall(null, { profile_id: target.profileId, action: "like" }),
      await fetchAs(null, "/api/auto-like.php"),
    ]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: "authentication_required" });
    }
    expect(await count("SELECT count(*) FROM likes WHERE liked_id = ?", [target.profileId])).toBe(0);
  });

  it("are sent to the login page from the likes pages, the swipe game and the match finder", async () => {
    for (const path of ["/likes", "/likes/received", "/swipe-game", "/match-finder"]) {
      const response = await get(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });
});

describe("like, match, unlike", () => {
  it("makes a match when a like is returned, shows it once, and unliking removes it", async () => {
    const [anna, bram] = await Promise.all([signedIn({ name: "Anna", gender: "female" }), signedIn({ name: "Bram" })]);

    expect(await like(anna.cookie, bram.profileId)).toEqual({ status: 200, body: { liked: true, matched: false, match: null } });
    expect(await matchCount(anna.profileId, bram.profileId)).toBe(0);

    const back = await like(bram.cookie, anna.profileId);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ liked: true, matched: true, match: { id: anna.profileId, name: "Anna", gender: "female" } });
    expect(back.body.match).not.toHaveProperty("email");
    expect(await matchCount(anna.profileId, bram.profileId)).toBe(1);

    // Liking again changes nothing: still a match, but no second modal and no second match.
    expect(await like(bram.cookie, anna.profileId)).toEqual({ status: 200, body: { liked: true, matched: true, match: null } });
    expect(await like(anna.cookie, bram.profileId)).toEqual({ status: 200, body: { liked: true, matched: true, match: null } });
    expect(await matchCount(anna.profileId, bram.profileId)).toBe(1);

    const unlike = await likeCall(anna.cookie, { profile_id: bram.profileId, action: "unlike" });
    expect(await unlike.json()).toEqual({ liked: false, matched: false, match: null });
    expect(await matchCount(anna.profileId, bram.profileId)).toBe(0);
    expect(await count("SELECT count(*) FROM likes WHERE liker_id = ? AND liked_id = ?", [bram.profileId, anna.profileId])).toBe(1);

    // Liking again makes the match anew, shown to the one who completes it.
    const again = await like(anna.cookie, bram.profileId);
    expect(again.body).toMatchObject({ matched: true, match: { id: bram.profileId } });
  });

  it("accepts a form body as well", async () => {
    const [member, target] = await Promise.all([signedIn(), createMember()]);
    const response = await post("/api/likes.php", { profile_id: String(target.profileId), action: "like" }, { cookie: member.cookie });
    expect(response.status).toBe(200);
    expect(
      await count("SELECT count(*) FROM likes WHERE liker_id = ? AND liked_id = ? AND source = 'profile'", [
        member.profileId,
        target.profileId,
      ]),
    ).toBe(1);
  });

  it("answers 404 for members one may not see, and records nothing", async () => {
    const member = await signedIn();
    const [unconfirmed, invisible, blockedByThem, blockedByMe, otherSite] = await Promise.all([
      createMember({ status: "not_confirmed" }),
      createMember(),
      createMember(),
      createMember(),
      createMember({ site: "de-milf" }),
    ]);
    await sql("UPDATE users SET invisible = 1 WHERE id = ?", [invisible.userId]);
    await block(blockedByThem.profileId, member.profileId);
    await block(member.profileId, blockedByMe.profileId);
    for (const id of [
      unconfirmed.profileId,
      invisible.profileId,
      blockedByThem.profileId,
      blockedByMe.profileId,
      otherSite.profileId,
      member.profileId,
      987654321,
    ]) {
      const response = await like(member.cookie, id);
      expect(response.status, String(id)).toBe(404);
      expect(response.body).toEqual({ error: "not_found", message: "Dit lid is niet meer te vinden." });
    }
    expect(await count("SELECT count(*) FROM likes WHERE liker_id = ?", [member.profileId])).toBe(0);
  });

  it("refuses bad input with a translated message, never a 500", async () => {
    const member = await signedIn();
    for (const body of [
      '{"profile_id":"abc","action":"like"}',
      '{"profile_id":1,"action":"love"}',
      '{"profile_id":-3,"action":"like"}',
      "not json",
      "[]",
      '{"profile_id":1,"action":"like","source":"auto"}',
    ]) {
      const response = await likeCall(member.cookie, body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_request", message: "Er is een fout opgetreden, probeer het later opnieuw." });
    }
  });

  it("refuses a like posted from another site", async () => {
    const [member, target] = await Promise.all([signedIn(), createMember()]);
    const response = await likeCall(member.cookie, { profile_id: target.profileId, action: "like" }, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await count("SELECT count(*) FROM likes WHERE liker_id = ?", [member.profileId])).toBe(0);
  });
});

describe("GET /api/likes.php", () => {
  it("lists who liked me with their new flag, whom I liked, and each visible card once", async () => {
    const me = await signedIn();
    const [older, newer, mutual, liked, hidden] = await Promise.all([
      createMember(),
      createMember(),
      createMember(),
      createMember(),
      createMember(),
    ]);
    const now = Math.floor(Date.now() / 1000);
    await insertLike(older.profileId, me.profileId, { at: now - 300 });
    await insertLike(newer.profileId, me.profileId, { at: now - 100, isNew: false });
    await insertLike(mutual.profileId, me.profileId, { at: now - 200 });
    await insertLike(me.profileId, mutual.profileId, { at: now - 50 });
    await insertLike(me.profileId, liked.profileId, { at: now - 10 });
    await insertLike(hidden.profileId, me.profileId, { at: now });
    await block(me.profileId, hidden.profileId);

    const response = await get("/api/likes.php", { cookie: me.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    const body = (await response.json()) as LikesPayload;
    expect(body.liked_by).toEqual([
      { id: newer.profileId, like_new: false },
      { id: mutual.profileId, like_new: true },
      { id: older.profileId, like_new: true },
    ]);
    expect(body.liked).toEqual([liked.profileId, mutual.profileId]);
    expect(body.profiles.map((profile) => profile.id).sort()).toEqual(
      [older.profileId, newer.profileId, mutual.profileId, liked.profileId].sort(),
    );
    expect(Object.keys(body.profiles[0]!).sort()).toEqual([
      "age",
      "country",
      "fictional",
      "gender",
      "id",
      "name",
      "online",
      "photoUrl",
      "region",
    ]);
  });
});

describe("daily swipe limit", () => {
  it("gives a free member 4 swipe likes a day, then a 429 with the local reset time", async () => {
    const member = await signedIn();
    const targets = await Promise.all(Array.from({ length: 5 }, () => createMember({ gender: "female" })));
    for (const target of targets.slice(0, 4)) expect((await like(member.cookie, target.profileId, "swipe")).status).toBe(200);

    const refused = await like(member.cookie, targets[4]!.profileId, "swipe");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe("swipe_limit_reached");
    expect(refused.body.resets_at).toBe(startOfNextDay(new Date(), TIME_ZONE).toISOString());
    expect(refused.body.resets_at_text).toMatch(/^[a-z]+dag, 00:00 CES?T$/);
    expect(refused.body.message).toBe(
      `Je hebt je 4 gratis likes van vandaag gebruikt. Vanaf ${refused.body.resets_at_text} kun je weer liken.`,
    );
    expect(await count("SELECT count(*) FROM likes WHERE liker_id = ? AND liked_id = ?", [member.profileId, targets[4]!.profileId])).toBe(
      0,
    );

    // The limit is the swipe game's: a like from a profile page still works.
    expect((await like(member.cookie, targets[4]!.profileId, "profile")).status).toBe(200);

    const page = mainContent(await (await get("/swipe-game", { cookie: member.cookie })).text());
    expect(page).toContain("Dat was het voor vandaag");
    expect(page).toContain(refused.body.resets_at_text);
    expect(page).toContain('href="/premium"');
  });

  it("stores 4 of 20 swipe likes sent at the same moment, and refuses the other 16", async () => {
    const member = await signedIn();
    const targets = await Promise.all(Array.from({ length: 20 }, () => createMember({ gender: "female" })));
    const results = await Promise.all(targets.map((target) => like(member.cookie, target.profileId, "swipe")));
    expect(results.filter((result) => result.status === 200)).toHaveLength(4);
    expect(results.filter((result) => result.status === 429)).toHaveLength(16);
    expect(await count("SELECT count(*) FROM likes WHERE liker_id = ? AND source = 'swipe'", [member.profileId])).toBe(4);
  });

  it("lets a premium member swipe without a limit", async () => {
    const member = await signedIn({ paidUser: true });
    const targets = await Promise.all(Array.from({ length: 6 }, () => createMember({ gender: "female" })));
    for (const target of targets) expect((await like(member.cookie, target.profileId, "swipe")).status).toBe(200);
    expect(mainContent(await (await get("/swipe-game", { cookie: member.cookie })).text())).toContain("Onbeperkt liken");
  });

  it("starts afresh at local midnight: yesterday 23:59's likes do not count", async () => {
    const member = await signedIn();
    const targets = await Promise.all(Array.from({ length: 9 }, () => createMember({ gender: "female" })));
    const justBeforeMidnight = Math.floor(startOfDay(new Date(), TIME_ZONE).getTime() / 1000) - 60;
    for (const target of targets.slice(0, 4))
      await insertLike(member.profileId, target.profileId, { source: "swipe", at: justBeforeMidnight });
    expect(mainContent(await (await get("/swipe-game", { cookie: member.cookie })).text())).toContain("Nog 4 gratis likes vandaag");

    for (const target of targets.slice(4, 8)) expect((await like(member.cookie, target.profileId, "swipe")).status).toBe(200);
    expect((await like(member.cookie, targets[8]!.profileId, "swipe")).status).toBe(429);
  });
});

describe("auto-like (like modal)", () => {
  it("records a like to the member from a fitting fictional profile, at most 3 a day", async () => {
    // On the German site a gay man fits only men who look for men: none among the seeded members.
    const host = "reifeliebe.de";
    const member = await signedIn({ site: "de-milf", gender: "male" }, host);
    await shapeProfile(member.profileId, { sexuality: "gay" });
    const real = await createMember({ site: "de-milf", gender: "male" });
    await shapeProfile(real.profileId, { sexuality: "gay", fictional: 0 });
    await givePhoto(real.profileId);
    const fictional = await Promise.all(Array.from({ length: 4 }, () => createMember({ site: "de-milf", gender: "male" })));
    for (const profile of fictional) {
      await shapeProfile(profile.profileId, { sexuality: "gay", fictional: 1 });
      await givePhoto(profile.profileId);
    }
    const fictionalIds = fictional.map((profile) => profile.profileId);

    const picked: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const response = await fetchAs(member.cookie, "/api/auto-like.php", host);
      expect(response.status).toBe(200);
      const body = (await response.json()) as {
        profile: { id: number; fictional: boolean; photoUrl: string } | null;
        fictional: { icon: string };
      };
      expect(body.profile).not.toBeNull();
      expect(body.profile!.fictional).toBe(true);
      expect(fictionalIds).toContain(body.profile!.id);
      expect(body.profile!.photoUrl).toMatch(/^\/test\//);
      expect(body.fictional.icon).toBeTruthy();
      picked.push(body.profile!.id);
    }
    expect(new Set(picked).size).toBe(3);
    expect(await count("SELECT count(*) FROM likes WHERE liked_id = ? AND source = 'auto'", [member.profileId])).toBe(3);
    expect(await count("SELECT count(*) FROM likes WHERE liker_id = ? AND liked_id = ?", [real.profileId, member.profileId])).toBe(0);

    const fourth = await fetchAs(member.cookie, "/api/auto-like.php", host);
    expect(((await fourth.json()) as { profile: unknown }).profile).toBeNull();

    // The liker appears among the member's new likes.
    const likes = (await (await get("/api/likes.php", { host, cookie: member.cookie })).json()) as LikesPayload;
    expect(likes.liked_by.map((entry) => entry.id).sort()).toEqual([...picked].sort());
    expect(likes.liked_by.every((entry) => entry.like_new)).toBe(true);
  });

  it("is refused to other sites' pages", async () => {
    const member = await signedIn();
    const response = await get("/api/auto-like.php", { cookie: member.cookie });
    expect(response.status).toBe(403);
    expect(await count("SELECT count(*) FROM likes WHERE liked_id = ?", [member.profileId])).toBe(0);
  });
});

describe("likes pages", () => {
  it("shows received likes with the new badge, linking to /likes/m/{id}, and the tabs' counts", async () => {
    const me = await signedIn();
    const [fresh, seen] = await Promise.all([
      createMember({ name: "Fleur", gender: "female" }),
      createMember({ name: "Sanne", gender: "female" }),
    ]);
    await insertLike(fresh.profileId, me.profileId);
    await insertLike(seen.profileId, me.profileId, { isNew: false });

    const html = mainContent(await (await get("/likes/received", { cookie: me.cookie })).text());
    expect(html).toContain("Fleur");
    expect(html).toContain("Sanne");
    expect(html).toContain(`href="/likes/m/${fresh.profileId}"`);
    expect(html.match(/likes-new/g)?.length).toBe(1);
    expect(html).toContain("Terug liken");

    const overview = mainContent(await (await get("/likes", { cookie: me.cookie })).text()).replaceAll("<!-- -->", "");
    expect(overview).toContain('Ontvangen <span class="likes-tabs__count">(2)</span>');
    expect(overview).toContain("Alles bekijken (2)");
    expect(overview).toContain("Je matches");
  });

  it("lists given likes and matches, linking to the member's page", async () => {
    const me = await signedIn();
    const [liked, matched] = await Promise.all([
      createMember({ name: "Lotte", gender: "female" }),
      createMember({ name: "Mila", gender: "female" }),
    ]);
    await like(me.cookie, liked.profileId);
    await insertLike(matched.profileId, me.profileId);
    await like(me.cookie, matched.profileId);

    const given = mainContent(await (await get("/likes/given", { cookie: me.cookie })).text());
    expect(given).toContain(`href="/members/${liked.profileId}"`);
    expect(given).toContain(`href="/members/${matched.profileId}"`);
    const matches = mainContent(await (await get("/likes/matches", { cookie: me.cookie })).text());
    expect(matches).toContain("Mila");
    expect(matches).not.toContain("Lotte");
    expect(matches).toContain(`href="/members/${matched.profileId}/chat"`);
  });

  it("pages on without gaps or repeats", async () => {
    const me = await signedIn();
    const likers = await Promise.all(Array.from({ length: 30 }, (_, index) => createMember({ name: `Liker${index}` })));
    const now = Math.floor(Date.now() / 1000);
    // Several likes in the same second: the keyset must break ties by id.
    for (const [index, liker] of likers.entries()) await insertLike(liker.profileId, me.profileId, { at: now - Math.floor(index / 4) });

    const ids = (html: string) => [...html.matchAll(/href="\/likes\/m\/(\d+)"/g)].map((match) => Number(match[1]));
    const first = mainContent(await (await get("/likes/received", { cookie: me.cookie })).text());
    const next = /href="\/likes\/received\?after=([\d.]+)"/.exec(first)?.[1];
    expect(next).toBeDefined();
    const second = mainContent(await (await get(`/likes/received?after=${next}`, { cookie: me.cookie })).text());
    const all = [...ids(first), ...ids(second)];
    expect(ids(first)).toHaveLength(24);
    expect(new Set(all).size).toBe(30);
    expect(all.sort()).toEqual(likers.map((liker) => liker.profileId).sort());
  });

  it("answers 404 for an unknown tab and ignores a broken cursor", async () => {
    const me = await signedIn();
    expect((await get("/likes/bogus", { cookie: me.cookie })).status).toBe(404);
    expect((await get("/likes/received?after=%27;DROP", { cookie: me.cookie })).status).toBe(200);
  });
});

describe("swipe game and match finder pages", () => {
  it("deal cards of members who fit the player, never ones already liked or seen", async () => {
    const me = await signedIn({ site: "de-milf", gender: "male" }, "reifeliebe.de");
    await shapeProfile(me.profileId, { sexuality: "gay" });
    const [a, b, c] = await Promise.all([
      createMember({ site: "de-milf", gender: "male", name: "Anton" }),
      createMember({ site: "de-milf", gender: "male", name: "Bernd" }),
      createMember({ site: "de-milf", gender: "male", name: "Carsten" }),
      createMember({ site: "de-milf", gender: "female", name: "Doris" }),
    ]);
    for (const profile of [a, b, c]) await shapeProfile(profile.profileId, { sexuality: "gay" });
    await insertLike(me.profileId, b.profileId);

    // The page shows the first card and carries the batch in its data; members with a photo lead
    // (other tests' members among them), so the whole document is searched.
    const html = await (await get(`/swipe-game?seen=${c.profileId},x`, { host: "reifeliebe.de", cookie: me.cookie })).text();
    expect(html).toContain("Anton");
    expect(html).not.toContain("Bernd");
    expect(html).not.toContain("Carsten");
    expect(html).not.toContain("Doris");
  });

  it("put members with a photo before members without one, however recently those were active", async () => {
    const host = "reifeliebe.de";
    const me = await signedIn({ site: "de-milf", gender: "male" }, host);
    await shapeProfile(me.profileId, { sexuality: "gay", birth_date: "1980-01-01", country: "DE" });
    const suffix = Date.now().toString(36);
    const [bare, pictured] = await Promise.all([
      createMember({ site: "de-milf", gender: "male", name: `Ohnebild${suffix}` }),
      createMember({ site: "de-milf", gender: "male", name: `Mitbild${suffix}` }),
    ]);
    const now = Math.floor(Date.now() / 1000);
    await shapeProfile(bare.profileId, { sexuality: "gay", birth_date: "1981-01-01", country: "DE", last_active_at: now });
    await shapeProfile(pictured.profileId, { sexuality: "gay", birth_date: "1981-01-01", country: "DE", last_active_at: now - 86_400 });
    await givePhoto(pictured.profileId);

    // The swipe game shows one card: the other tests' members count as seen, so it is one of these two.
    const others = (
      await sql("SELECT id FROM profiles WHERE site_id = ? AND id NOT IN (?, ?)", [bare.siteId, bare.profileId, pictured.profileId])
    )
      .map(([id]) => id)
      .join(",");
    const swipe = mainContent(await (await get(`/swipe-game?seen=${others}`, { host, cookie: me.cookie })).text());
    expect(swipe).toContain(`Mitbild${suffix}`);
    expect(swipe).not.toContain(`Ohnebild${suffix}`);

    const finder = mainContent(await (await get("/match-finder", { host, cookie: me.cookie })).text());
    expect(finder.indexOf(`Mitbild${suffix}`)).toBeGreaterThanOrEqual(0);
    expect(finder.indexOf(`Ohnebild${suffix}`)).toBeGreaterThan(finder.indexOf(`Mitbild${suffix}`));
  });

  it("explains each match finder suggestion in one line", async () => {
    const host = "reifeliebe.de";
    const me = await signedIn({ site: "de-milf", gender: "female" }, host);
    await shapeProfile(me.profileId, { sexuality: "lesbian", birth_date: "1985-03-01", country: "DE" });
    const partner = await createMember({ site: "de-milf", gender: "female", name: "Greta" });
    await shapeProfile(partner.profileId, { sexuality: "lesbian", birth_date: "1986-03-01", country: "AT" });
    const interest = async (key: string) => Number(((await sql("SELECT id FROM interests WHERE key = ?", [key])) as [[string]])[0][0]);
    // Only what both like is named: her music and Greta's art are not.
    for (const [profileId, key] of [
      [me.profileId, "cooking"],
      [me.profileId, "music"],
      [partner.profileId, "art"],
      [partner.profileId, "cooking"],
    ] as const)
      await sql("INSERT INTO profile_interests (profile_id, interest_id) VALUES (?, ?)", [profileId, await interest(key)]);

    const html = mainContent(await (await get("/match-finder", { host, cookie: me.cookie })).text());
    expect(html).toContain("Greta");
    expect(html).toContain("Ihr mögt beide Kochen · 1 Jahr Unterschied · Heute aktiv");
  });
});
