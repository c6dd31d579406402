/**
 * Profiles: who may open a profile (the same 404 for every hidden one), what its page
 * reveals (no e-mail, date of birth, coordinates or locked photo keys), what viewing leaves behind,
 * related profiles, editing with the messages of product.md §5, geocoding, blocking and complaints.
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie, type TestMember } from "./factories";
import { get, mainContent, post, sql } from "./helpers";
import { addPhoto, postForm, postJson, regionId, scalar, updateProfile } from "./profiles-helpers";

const NOT_FOUND = "Deze pagina kon niet worden gevonden";

async function page(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  return { status: response.status, html: await response.text() };
}

/** The page a viewer gets for a profile that does not exist. */
async function unknownProfile(cookie?: string) {
  return page("/members/999999999", cookie);
}

describe("the profile page", () => {
  it("shows a member's profile on /members/{id} and /likes/m/{id}", async () => {
    const [viewer, member] = await Promise.all([createMember(), createMember({ name: "Roosje", gender: "female" })]);
    await updateProfile(member.profileId, {
      about_me: "Ik hou van fietsen langs de Vecht.",
      hair_color: "red",
      region_id: await regionId("NL", "UT"),
    });
    await sql("INSERT INTO profile_interests (profile_id, interest_id) SELECT ?, id FROM interests WHERE key IN ('biking', 'wine')", [
      member.profileId,
    ]);
    const cookie = await loginCookie(viewer);
    for (const path of [`/members/${member.profileId}`, `/likes/m/${member.profileId}`]) {
      const { status, html } = await page(path, cookie);
      expect(status, path).toBe(200);
      const main = mainContent(html);
      expect(main).toMatch(/Roosje, 3\d</);
      expect(main).toContain("Utrecht");
      expect(main).toContain("Ik hou van fietsen langs de Vecht.");
      expect(main).toContain("Rood"); // hair colour, translated
      expect(main).toContain("🚲");
      expect(main).toContain(`/complaints?profile=${member.profileId}`);
      expect(main).toContain(`/members/${member.profileId}/chat`);
    }
  });

  it("answers the same 404 for unknown, deleted, unconfirmed, invisible and blocked profiles", async () => {
    const viewer = await createMember();
    const cookie = await loginCookie(viewer);
    const [deleted, unconfirmed, invisible, blocksViewer, blockedByViewer, disabledProfile] = await Promise.all([
      createMember({ status: "deleted" }),
      createMember({ status: "not_confirmed" }),
      createMember(),
      createMember(),
      createMember(),
      createMember(),
    ]);
    await sql("UPDATE users SET invisible = 1 WHERE id = ?", [invisible.userId]);
    await sql("UPDATE profiles SET status = 'deleted' WHERE id = ?", [disabledProfile.profileId]);
    await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?), (?, ?)", [
      blocksViewer.profileId,
      viewer.profileId,
      viewer.profileId,
      blockedByViewer.profileId,
    ]);

    const reference = await unknownProfile(cookie);
    expect(reference.status).toBe(404);
    expect(mainContent(reference.html)).toContain(NOT_FOUND);
    for (const hidden of [deleted, unconfirmed, invisible, blocksViewer, blockedByViewer, disabledProfile]) {
      const { status, html } = await page(`/members/${hidden.profileId}`, cookie);
      expect(status).toBe(404);
      expect(mainContent(html)).toBe(mainContent(reference.html));
      expect(html).not.toContain(hidden.email);
    }
    for (const path of ["/members/abc", "/members/0", "/members/-1", "/members/1e3", "/members/99999999999999999999"]) {
      expect((await page(path, cookie)).status, path).toBe(404);
    }
  });

  it("never puts the e-mail address, date of birth or coordinates into the page", async () => {
    const [viewer, member] = await Promise.all([createMember(), createMember({ gender: "female" })]);
    await updateProfile(member.profileId, { region_id: await regionId("NL", "UT") });
    const { html } = await page(`/members/${member.profileId}`, await loginCookie(viewer));
    expect(html).toContain("Utrecht");
    expect(html).not.toContain(member.email);
    expect(html).not.toContain("1990-05-17");
    expect(html).not.toContain("52.08"); // the region's representative point
    expect(html).not.toContain("5.2,");
  });

  it("hides private photos from free members (no key in the page) and shows them to premium members", async () => {
    const [free, premium, member] = await Promise.all([
      createMember(),
      createMember({ paidUser: true }),
      createMember({ gender: "female" }),
    ]);
    const main = await addPhoto(member.profileId, { main: true, position: 0 });
    const secret = await addPhoto(member.profileId, { private: true, position: 1 });
    const pending = await addPhoto(member.profileId, { status: "pending", position: 2 });

    const asFree = await page(`/members/${member.profileId}`, await loginCookie(free));
    expect(asFree.html).toContain(main.objectKey);
    expect(asFree.html).not.toContain(secret.objectKey);
    expect(asFree.html).not.toContain(secret.thumbKey);
    expect(asFree.html).not.toContain(pending.thumbKey);
    expect(mainContent(asFree.html)).toContain("Alleen voor premium");
    expect(mainContent(asFree.html)).toContain('href="/premium"');

    const asPremium = await page(`/members/${member.profileId}`, await loginCookie(premium));
    expect(asPremium.html).toContain(secret.objectKey);
    expect(asPremium.html).toContain(secret.thumbKey);
    expect(asPremium.html).not.toContain(pending.thumbKey);
    expect(mainContent(asPremium.html)).not.toContain("Alleen voor premium");
  });

  it("shows visitors the main photo only, with login-required prompts for the rest", async () => {
    const member = await createMember({ gender: "female" });
    const main = await addPhoto(member.profileId, { main: true, position: 0 });
    const second = await addPhoto(member.profileId, { position: 1 });
    const secret = await addPhoto(member.profileId, { private: true, position: 2 });
    const { status, html } = await page(`/members/${member.profileId}`);
    expect(status).toBe(200);
    expect(html).toContain(main.objectKey);
    expect(html).not.toContain(second.objectKey);
    expect(html).not.toContain(second.thumbKey);
    expect(html).not.toContain(secret.thumbKey);
    const content = mainContent(html);
    expect(content).toContain("Log in om te zien");
    // Without JavaScript every action of a visitor leads to the login page, coming back here.
    expect(content).toContain(`/login?redirectTo=${encodeURIComponent(`/members/${member.profileId}`)}`);
  });

  it("shows the fictional icon and warning on a fictional profile", async () => {
    const [viewer, member] = await Promise.all([createMember(), createMember()]);
    await updateProfile(member.profileId, { fictional: 1 });
    const main = mainContent((await page(`/members/${member.profileId}`, await loginCookie(viewer))).html);
    expect(main).toContain("Dit is een entertainmentprofiel");
    expect(main).toContain(`<use href="/icons.svg#mask">`);
  });

  it("clears the new-like flag of the member whose profile is viewed", async () => {
    const [viewer, liker] = await Promise.all([createMember(), createMember()]);
    await sql("INSERT INTO likes (liker_id, liked_id, is_new) VALUES (?, ?, 1)", [liker.profileId, viewer.profileId]);
    expect((await page(`/members/${liker.profileId}`, await loginCookie(viewer))).status).toBe(200);
    expect(Number(await scalar("SELECT is_new FROM likes WHERE liker_id = ? AND liked_id = ?", [liker.profileId, viewer.profileId]))).toBe(
      0,
    );
  });

  it("records a profile view, except for invisible viewers", async () => {
    const [viewer, hidden, member] = await Promise.all([createMember(), createMember({ paidUser: true }), createMember()]);
    await sql("UPDATE users SET invisible = 1 WHERE id = ?", [hidden.userId]);
    await page(`/members/${member.profileId}`, await loginCookie(viewer));
    await page(`/members/${member.profileId}`, await loginCookie(hidden));
    await page(`/members/${member.profileId}`); // a visitor
    const viewers = await sql("SELECT viewer_id FROM profile_views WHERE viewed_id = ?", [member.profileId]);
    expect(viewers.map(([id]) => Number(id))).toEqual([viewer.profileId]);
    // The invisible member's like flag is still cleared: that is their own state.
    await sql("INSERT INTO likes (liker_id, liked_id, is_new) VALUES (?, ?, 1)", [member.profileId, hidden.profileId]);
    await page(`/members/${member.profileId}`, await loginCookie(hidden));
    expect(Number(await scalar("SELECT is_new FROM likes WHERE liker_id = ? AND liked_id = ?", [member.profileId, hidden.profileId]))).toBe(
      0,
    );
  });

  it("lists related profiles: same region first, the gender the viewer looks for, within 8 years", async () => {
    const utrecht = await regionId("NL", "UT");
    const viewer = await createMember({ gender: "male" }); // hetero: looks for women
    const [member, fits, tooOld, man, blocked] = await Promise.all([
      createMember({ gender: "female", name: "Bekeken" }),
      createMember({ gender: "female", name: "Past" }),
      createMember({ gender: "female", name: "Te oud" }),
      createMember({ gender: "male", name: "Man" }),
      createMember({ gender: "female", name: "Geblokkeerd" }),
    ]);
    // Newer than every seeded member, so they come first (newest members first).
    await updateProfile(member.profileId, { region_id: utrecht });
    for (const other of [fits, tooOld, man, blocked]) await updateProfile(other.profileId, { region_id: utrecht });
    await updateProfile(tooOld.profileId, { birth_date: "1970-01-01" });
    await sql("INSERT INTO blocks (blocker_id, blocked_id) VALUES (?, ?)", [blocked.profileId, viewer.profileId]);

    const main = mainContent((await page(`/members/${member.profileId}`, await loginCookie(viewer))).html);
    const related = main.slice(main.indexOf('id="related-profiles"'));
    expect(related).toContain(`href="/members/${fits.profileId}"`);
    expect(related).not.toContain(`href="/members/${tooOld.profileId}"`);
    expect(related).not.toContain(`href="/members/${man.profileId}"`);
    expect(related).not.toContain(`href="/members/${blocked.profileId}"`);
    expect(related).not.toContain(`href="/members/${member.profileId}"`);
    expect(related).not.toContain(`href="/members/${viewer.profileId}"`);
  });
});

describe("the own profile (/profile)", () => {
  const valid = (member: TestMember) => ({
    name: "Nieuwe naam",
    gender: "male",
    seeking: "female",
    date_of_birth: "1985-04-03",
    country: "NL",
    about_me: `Over mij ${member.profileId}`,
  });

  it("asks visitors to log in", async () => {
    const response = await get("/profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fprofile");
  });

  it("shows the editor with the member's values and a preview link", async () => {
    const member = await createMember({ name: "Editor" });
    const main = mainContent((await page("/profile", await loginCookie(member))).html);
    expect(main).toContain('value="Editor"');
    expect(main).toContain(`href="/members/${member.profileId}"`);
    expect(main).toContain('name="interests"');
    expect(main).toContain("Gebruik mijn locatie");
  });

  it("answers the spec's messages for a bad name or date of birth", async () => {
    // An address short enough to be a valid profile name (2–30 characters) on its own.
    const member = await createMember({ email: `k${crypto.randomUUID().slice(0, 6)}@ex.nl` });
    const cookie = await loginCookie(member);
    const cases: [Record<string, string>, string][] = [
      [{ name: member.email }, "Je profielnaam moet anders zijn dan je e-mailadres"],
      [{ name: "@naam" }, "Je profielnaam mag niet beginnen met een @"],
      [{ date_of_birth: "2015-01-01" }, "Vul uw geboortedatum in (18+ jaar)"],
      [{ date_of_birth: "1990-02-31" }, "Ongeldige geboortedatum."],
      [{ country: "DE" }, "Kies een van de landen in de lijst."],
    ];
    for (const [change, message] of cases) {
      const response = await post("/profile", { ...valid(member), ...change }, { cookie });
      expect(response.status, message).toBe(400);
      expect(mainContent(await response.text())).toContain(message);
    }
    expect(await scalar("SELECT name FROM profiles WHERE id = ?", [member.profileId])).not.toBe("Nieuwe naam");
  });

  it("keeps no invisible characters in the name and the about-me, and refuses a name without letters", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    for (const name of ["\u202E".repeat(30), "\u200B\u2060\uFEFF\u3164", "\u0000\u0000"]) {
      const response = await post("/profile", { ...valid(member), name }, { cookie });
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(mainContent(await response.text())).toContain("Kies een profielnaam van 2 tot 30 tekens.");
    }
    const digits = await post("/profile", { ...valid(member), name: "12345" }, { cookie });
    expect(mainContent(await digits.text())).toContain("Je profielnaam moet minstens één letter bevatten.");

    const saved = await post(
      "/profile",
      { ...valid(member), name: "\u202EAn\u200Bna\u0000", about_me: "Hoi\u2028ik\u{E0041} ben\u00AD Anna" },
      { cookie },
    );
    expect(saved.status).toBeLessThan(400);
    expect(await scalar("SELECT name FROM profiles WHERE id = ?", [member.profileId])).toBe("Anna");
    expect(await scalar("SELECT about_me FROM profiles WHERE id = ?", [member.profileId])).toBe("Hoi\nik ben Anna");
  });

  it("refuses a region of another country", async () => {
    const member = await createMember();
    const response = await post(
      "/profile",
      { ...valid(member), region: String(await regionId("BE", "VAN")) },
      { cookie: await loginCookie(member) },
    );
    expect(response.status).toBe(400);
    expect(await scalar("SELECT region_id FROM profiles WHERE id = ?", [member.profileId])).toBeNull();
  });

  it("saves every field and replaces the interests", async () => {
    const member = await createMember({ gender: "female" });
    const cookie = await loginCookie(member);
    await sql("INSERT INTO profile_interests (profile_id, interest_id) SELECT ?, id FROM interests WHERE key = 'beer'", [member.profileId]);
    const body = new URLSearchParams({
      ...valid(member),
      region: String(await regionId("NL", "UT")),
      hair_color: "black",
      seeking: "both",
    });
    body.append("interests", "music");
    body.append("interests", "wine");
    const response = await postForm("/profile", body, cookie);
    expect(response.status).toBe(200);
    expect(mainContent(await response.text())).toContain("Je profiel is opgeslagen.");
    const [row] = await sql("SELECT name, gender, sexuality, birth_date, region_id, about_me, hair_color FROM profiles WHERE id = ?", [
      member.profileId,
    ]);
    expect(row).toEqual([
      "Nieuwe naam",
      "male",
      "bi",
      "1985-04-03",
      String(await regionId("NL", "UT")),
      `Over mij ${member.profileId}`,
      "black",
    ]);
    const interests = await sql(
      "SELECT i.key FROM profile_interests pi JOIN interests i ON i.id = pi.interest_id WHERE pi.profile_id = ? ORDER BY i.key",
      [member.profileId],
    );
    expect(interests.map(([key]) => key)).toEqual(["music", "wine"]);
  });
});

describe("GET /api/geocode.php", () => {
  it("answers visitors with the spec's 403", async () => {
    const response = await get("/api/geocode.php?lat=52.09&lon=5.12");
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: "authentication_required" });
  });

  it("refuses bad or out-of-range coordinates with a translated 400", async () => {
    const cookie = await loginCookie(await createMember());
    for (const query of [
      "",
      "?lat=52.09",
      "?lat=abc&lon=5",
      "?lat=91&lon=5",
      "?lat=52&lon=181",
      "?lat=1e1&lon=5",
      "?lat=52.09&lon=5.12%3Cscript%3E",
    ]) {
      const response = await get(`/api/geocode.php${query}`, { cookie });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toEqual({ error: "invalid_coordinates", message: "Deze coördinaten zijn ongeldig." });
    }
  });

  it("refuses a point outside the site's countries (abroad or at sea)", async () => {
    const cookie = await loginCookie(await createMember());
    for (const query of ["?lat=52.52&lon=13.40", "?lat=53.50&lon=3.50"]) {
      const response = await get(`/api/geocode.php${query}`, { cookie });
      expect(response.status, query).toBe(400);
      expect(await response.json()).toMatchObject({ error: "outside_site_countries" });
    }
  });

  it("maps a point in Utrecht to NL and the region Utrecht, and returns nothing else", async () => {
    const cookie = await loginCookie(await createMember());
    const response = await get("/api/geocode.php?lat=52.09&lon=5.12", { cookie });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({ country: "NL", region: { id: await regionId("NL", "UT"), code: "UT", name: "Utrecht" } });
  });

  it("maps a point in Belgium to BE on the Dutch site", async () => {
    const cookie = await loginCookie(await createMember());
    const body = (await (await get("/api/geocode.php?lat=51.22&lon=4.40", { cookie })).json()) as {
      country: string;
      region: { code: string };
    };
    expect(body.country).toBe("BE");
    expect(body.region.code).toBe("VAN");
  });
});

describe("blocking", () => {
  it("needs a signed-in member and the site's own origin", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    expect((await postJson("/api/blocks.php", { profile_id: other.profileId, action: "block" })).status).toBe(403);
    const cookie = await loginCookie(member);
    const foreign = await postJson(
      "/api/blocks.php",
      { profile_id: other.profileId, action: "block" },
      { cookie, origin: "https://evil.example" },
    );
    expect(foreign.status).toBe(403);
    expect(await scalar("SELECT count(*) FROM blocks WHERE blocker_id = ?", [member.profileId])).toBe("0");
  });

  it("refuses nonsense and unknown members without a 500", async () => {
    const member = await createMember();
    const cookie = await loginCookie(member);
    for (const body of [
      {},
      { profile_id: "x", action: "block" },
      { profile_id: 5, action: "ban" },
      { profile_id: member.profileId, action: "block" },
    ]) {
      expect((await postJson("/api/blocks.php", body, { cookie })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await postJson("/api/blocks.php", { profile_id: 999999999, action: "block" }, { cookie })).status).toBe(404);
  });

  it("hides both members from each other, lists the block in settings, and unblocking restores it", async () => {
    const [blocker, blocked] = await Promise.all([createMember(), createMember({ name: "Lastpak" })]);
    const [blockerCookie, blockedCookie] = await Promise.all([loginCookie(blocker), loginCookie(blocked)]);
    expect((await page(`/members/${blocked.profileId}`, blockerCookie)).status).toBe(200);

    const response = await postJson("/api/blocks.php", { profile_id: blocked.profileId, action: "block" }, { cookie: blockerCookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ blocked: true });
    // Twice is fine.
    expect((await postJson("/api/blocks.php", { profile_id: blocked.profileId, action: "block" }, { cookie: blockerCookie })).status).toBe(
      200,
    );

    expect((await page(`/members/${blocked.profileId}`, blockerCookie)).status).toBe(404);
    expect((await page(`/members/${blocker.profileId}`, blockedCookie)).status).toBe(404);
    const settings = mainContent((await page("/settings", blockerCookie)).html);
    expect(settings).toContain('id="blocked"');
    expect(settings).toContain("Lastpak");

    // The blocked member cannot lift the block.
    await postJson("/api/blocks.php", { profile_id: blocker.profileId, action: "unblock" }, { cookie: blockedCookie });
    expect((await page(`/members/${blocked.profileId}`, blockerCookie)).status).toBe(404);

    const unblock = await postJson("/api/blocks.php", { profile_id: blocked.profileId, action: "unblock" }, { cookie: blockerCookie });
    expect(await unblock.json()).toEqual({ blocked: false });
    expect((await page(`/members/${blocked.profileId}`, blockerCookie)).status).toBe(200);
    expect((await page(`/members/${blocker.profileId}`, blockedCookie)).status).toBe(200);
    expect(mainContent((await page("/settings", blockerCookie)).html)).not.toContain("Lastpak");
  });

  it("sends a browser without JavaScript back where it came from", async () => {
    const [member, other] = await Promise.all([createMember(), createMember()]);
    const { exports } = await import("cloudflare:workers");
    const response = await exports.default.fetch(
      new Request("http://localhost/api/blocks.php", {
        method: "POST",
        headers: {
          Origin: "http://localhost",
          "Content-Type": "application/x-www-form-urlencoded",
          "Sec-Fetch-Mode": "navigate",
          Cookie: await loginCookie(member),
        },
        body: new URLSearchParams({ profile_id: String(other.profileId), action: "block", redirectTo: "/settings#blocked" }),
        redirect: "manual",
      }),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings#blocked");
    expect(await scalar("SELECT count(*) FROM blocks WHERE blocker_id = ? AND blocked_id = ?", [member.profileId, other.profileId])).toBe(
      "1",
    );
  });
});

describe("complaints", () => {
  const complaint = (email: string, extra: Record<string, string> = {}) => ({
    name: "Karin",
    email,
    subject: "Nepprofiel",
    message: "Dit profiel vraagt steeds om geld buiten de site.",
    ...extra,
  });

  it("prefills the name and address of a member and names the reported member", async () => {
    const [member, reported] = await Promise.all([createMember({ name: "Melder" }), createMember({ name: "Verdacht" })]);
    const main = mainContent((await page(`/complaints?profile=${reported.profileId}`, await loginCookie(member))).html);
    expect(main).toContain('value="Melder"');
    expect(main).toContain(`value="${member.email}"`);
    expect(main).toContain("Melding over Verdacht");
    expect(main).toContain(`value="${reported.profileId}"`);
  });

  it("stores a report, confirms it by mail and lets moderators find it", async () => {
    const [member, reported] = await Promise.all([createMember(), createMember()]);
    const email = `klacht-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const response = await post("/complaints", complaint(email, { profile: String(reported.profileId) }), {
      cookie: await loginCookie(member),
    });
    expect(response.status).toBe(200);
    expect(mainContent(await response.text())).toContain("We hebben je bericht ontvangen");
    const [row] = await sql("SELECT user_id, name, subject, body, profile_id, status FROM complaints WHERE email = ?", [email]);
    expect(row).toEqual([
      String(member.userId),
      "Karin",
      "Nepprofiel",
      "Dit profiel vraagt steeds om geld buiten de site.",
      String(reported.profileId),
      "open",
    ]);
    expect(await scalar("SELECT count(*) FROM mail_outbox WHERE to_address = ? AND template = 'complaint_received'", [email])).toBe("1");
  });

  it("takes consumer complaints from visitors, dropping an unknown profile number", async () => {
    const email = `bezoeker-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const response = await post("/complaints", complaint(email, { profile: "999999999" }));
    expect(response.status).toBe(200);
    expect(await sql("SELECT user_id, profile_id FROM complaints WHERE email = ?", [email])).toEqual([[null, null]]);
  });

  it("validates the form and ignores bots", async () => {
    const email = `bot-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const invalid = await post("/complaints", complaint("geen-adres", { message: "kort" }));
    expect(invalid.status).toBe(400);
    const main = mainContent(await invalid.text());
    expect(main).toContain("Ongeldige e-mail");
    expect(main).toContain("Schrijf je bericht (10 tot 5000 tekens).");
    const bot = await post("/complaints", complaint(email, { website: "http://spam.example" }));
    expect(bot.status).toBe(400);
    expect(await scalar("SELECT count(*) FROM complaints WHERE email = ?", [email])).toBe("0");
  });
});
