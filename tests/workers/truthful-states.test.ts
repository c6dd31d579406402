/**
 * Pages that must not say something untrue about the member (issue 15, item 2): the completion
 * page for a finished profile, the account-deleted page for an active member, the home page's call
 * to sign up for a member; the 404 page's title and the footer's dialable support phone.
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, mainContent, sql } from "./helpers";
import { addPhoto, regionId, updateProfile } from "./profiles-helpers";

async function memberWithCompleteProfile() {
  const member = await createMember();
  await addPhoto(member.profileId, { main: true });
  await updateProfile(member.profileId, { region_id: await regionId("NL", "NH"), hair_color: "blonde", about_me: "Ik wandel graag." });
  // Push is on in this browser too: the push step is done.
  await sql("INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, 'k', 'a')", [
    member.userId,
    `https://push.example.test/${crypto.randomUUID()}`,
  ]);
  return member;
}

describe("/complete-signup", () => {
  it("sends a confirmed member with nothing left to do to the search", async () => {
    const cookie = await loginCookie(await memberWithCompleteProfile());
    for (const path of ["/complete-signup", "/complete-signup?step=done"]) {
      const response = await get(path, { cookie });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/members");
    }
    // A step asked for by name still opens.
    const photo = await get("/complete-signup?step=photo", { cookie });
    expect(photo.status).toBe(200);
  });

  it("does not ask a confirmed member who skipped steps to confirm the e-mail address", async () => {
    const cookie = await loginCookie(await createMember());
    const done = mainContent(await (await get("/complete-signup?step=done", { cookie })).text());
    expect(done).toContain("Welkom!");
    expect(done).not.toContain("Bevestig je e-mailadres");
    expect(done).not.toContain("helemaal klaar");
  });
});

describe("/account-deleted", () => {
  it("sends a signed-in, active member to the search", async () => {
    const cookie = await loginCookie(await createMember());
    const response = await get("/account-deleted", { cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/members");
  });

  it("still tells a signed-out visitor (just deleted) until when it can be undone", async () => {
    const response = await get("/account-deleted");
    expect(response.status).toBe(200);
    expect(mainContent(await response.text())).toContain("<h1>");
  });
});

describe("the home page", () => {
  it("asks visitors to create a free profile, and members where to go next", async () => {
    const visitor = mainContent(await (await get("/")).text());
    expect(visitor).toContain("Maak gratis een profiel aan");
    expect(visitor).toContain('href="/signup"');

    const cookie = await loginCookie(await createMember());
    const member = mainContent(await (await get("/", { cookie })).text());
    expect(member).not.toContain("Maak gratis een profiel aan");
    expect(member).not.toContain("Meld je gratis aan");
    expect(member).not.toContain("Gratis aanmelden");
    expect(member).toContain('href="/members"');
    expect(member).toContain('href="/likes/matches"');
  });
});

describe("the 404 page and the footer", () => {
  it("gives the 404 page a translated title", async () => {
    const response = await get("/no-such-page");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<title>Deze pagina kon niet worden gevonden<\/title>/);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it("links the support phone in E.164 (no spaces, dashes or trunk zero)", async () => {
    const html = await (await get("/pricing")).text();
    expect(html).toContain('href="tel:+31201234567"');
  });
});

describe("the signup photo step", () => {
  it("has the uploader of /profile", async () => {
    const cookie = await loginCookie(await createMember({ status: "not_confirmed" }));
    // The uploader is loaded on demand: the server streams it after the page's first part.
    const page = await (await get("/signup?step=photo", { cookie })).text();
    expect(page).toContain("photo-manager");
    expect(page).toContain("Foto&#x27;s toevoegen");
  });
});

describe("members without a photo", () => {
  it("show a silhouette with their initial on the profile and in the navigation, never a blank", async () => {
    const viewer = await createMember({ name: "Wessel" });
    const member = await createMember({ name: "Zoë", gender: "female" });
    const html = await (await get(`/members/${member.profileId}`, { cookie: await loginCookie(viewer) })).text();
    // The profile's photo place: the silhouette, named for screen readers, with the initial.
    expect(mainContent(html)).toMatch(
      /<span class="silhouette silhouette--female profile-card__placeholder" role="img" aria-label="[^"]+"><span class="silhouette__initial">Z<\/span><\/span>/,
    );
    // The viewer's own avatar in the navigation.
    expect(html).toMatch(
      /<span class="avatar avatar-sm silhouette silhouette--compact" aria-hidden="true"><span class="silhouette__initial">W<\/span><\/span>/,
    );
  });
});
