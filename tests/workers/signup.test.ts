import { beforeAll, describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, mainContent, sql } from "./helpers";
import { addPhoto } from "./profiles-helpers";
import { insertMembers } from "./search-helpers";
import {
  accountForm,
  activationToken,
  authCookieOf,
  createSiteWithSignups,
  postAs,
  uniqueEmail,
  uniqueIp,
  userRow,
} from "./signup-helpers";

const hosts = { all: "", traffic: "", anyTraffic: "", invite: "" };

// Sites are cached per isolate: these must exist before this file's first request.
beforeAll(async () => {
  hosts.all = await createSiteWithSignups("open", "all");
  hosts.traffic = await createSiteWithSignups("traffic", "with_trafficsource");
  hosts.anyTraffic = await createSiteWithSignups("any-traffic", "with_trafficsource", { trafficNetworks: [] });
  hosts.invite = await createSiteWithSignups("invite", "invite_only");
});

const trackingCookie = (record: Record<string, string>) => `tracking=${encodeURIComponent(JSON.stringify(record))}`;

async function signUp(overrides: Record<string, string> = {}, options: { host?: string; cookie?: string } = {}) {
  const form = accountForm(overrides);
  const response = await postAs("/signup", form, options);
  return { form, response, email: form.email!.toLowerCase() };
}

describe("signing up (step 1: the account)", () => {
  it("creates a not_confirmed user with a disabled profile, mails the activation link and continues signed in", async () => {
    const { response, email, form } = await signUp({ gender: "male", seeking: "female", email: uniqueEmail("Mixed-Case").toUpperCase() });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/signup?step=photo");
    const cookie = authCookieOf(response);
    expect(cookie).toBeTruthy();

    const user = await userRow(email);
    expect(user).toMatchObject({
      status: "not_confirmed",
      confirmedAt: null,
      credits: 0,
      language: "nl",
      profileStatus: "disabled",
      name: form.name,
      gender: "male",
      sexuality: "hetero",
      birthDate: "1991-04-12",
      country: "NL",
      aboutMe: "Hallo allemaal!",
    });
    expect(String(user?.passwordHash)).not.toContain(form.password);
    expect(await activationToken(email)).toMatch(/^[a-z2-7]{16,}$/);

    const next = await get("/signup?step=photo", { cookie: cookie! });
    expect(next.status).toBe(200);
    expect(mainContent(await next.text())).toContain("Je profielfoto");
  });

  it("signs up in the visitor's language", async () => {
    const { email } = await signUp({}, { cookie: "locale=de" });
    expect((await userRow(email))?.language).toBe("de");
    const [[subject]] = (await sql("SELECT subject FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1", [email])) as [[string]];
    expect(subject).toMatch(/E-Mail/);
  });

  it("answers the spec's messages for invalid input, without creating anything", async () => {
    const email = `e${Math.floor(Math.random() * 1e6)}@example.nl`;
    const response = await postAs("/signup", accountForm({ email, name: email, date_of_birth: "2015-01-01", terms: "" }));
    expect(response.status).toBe(400);
    const html = mainContent(await response.text());
    expect(html).toContain("Je profielnaam moet anders zijn dan je e-mailadres");
    expect(html).toContain("Vul uw geboortedatum in (18+ jaar)");
    expect(html).toContain("Ga akkoord met de algemene voorwaarden");
    expect(await userRow(email)).toBeNull();

    const invalid = await postAs("/signup", accountForm({ email: "nope", name: "@nope", date_of_birth: "2001-02-29" }));
    const text = mainContent(await invalid.text());
    expect(text).toContain("Ongeldige e-mail");
    expect(text).toContain("Je profielnaam mag niet beginnen met een @");
    expect(text).toContain("Ongeldige geboortedatum.");
  });

  it("refuses an address that already has an account on this site, offering to log in", async () => {
    const member = await createMember();
    const { response } = await signUp({ email: member.email.toUpperCase() });
    expect(response.status).toBe(409);
    const html = mainContent(await response.text());
    expect(html).toContain("Dit e-mailadres heeft al een account op deze site.");
    expect(html).toContain("Je hebt al een account met dit e-mailadres");
    expect(html).toContain('href="/reset-password"');
    expect(Number((await sql("SELECT count(*) FROM users WHERE email = ?", [member.email]))[0]![0])).toBe(1);
  });

  it("tells the owner of a recently deleted account to log in to reactivate it", async () => {
    const member = await createMember({ status: "deleted", deletedDaysAgo: 3 });
    const { response } = await signUp({ email: member.email });
    expect(response.status).toBe(409);
    const html = mainContent(await response.text());
    expect(html).toContain("Dit e-mailadres heeft al een account op deze site.");
    expect(html).toContain("verwijderd, maar nog niet definitief");
  });

  it("lets the same address sign up on another site", async () => {
    const member = await createMember({ site: "de-milf" });
    const { response } = await signUp({ email: member.email });
    expect(response.status).toBe(302);
  });

  it("fails quietly when the honeypot is filled", async () => {
    const { response, email } = await signUp({ website: "http://spam.example" });
    expect(response.status).toBe(400);
    expect(mainContent(await response.text())).toContain("Er is een fout opgetreden");
    expect(await userRow(email)).toBeNull();
  });

  it("allows 5 signups per IP address an hour", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await postAs("/signup", accountForm(), { ip });
      expect(response.status, `signup ${attempt + 1}`).toBe(302);
    }
    const email = uniqueEmail();
    const refused = await postAs("/signup", accountForm({ email }), { ip });
    expect(refused.status).toBe(429);
    expect(mainContent(await refused.text())).toContain("te veel accounts aangemaakt");
    expect(await userRow(email)).toBeNull();
    // Whether an address has an account is not told past the limit either.
    const { email: taken } = await signUp();
    const probe = await postAs("/signup", accountForm({ email: taken }), { ip });
    expect(probe.status).toBe(429);
    expect(mainContent(await probe.text())).not.toContain("Dit e-mailadres heeft al een account");
    expect((await postAs("/signup", accountForm())).status).toBe(302);
  });

  it("stores the visitor's tracking record with the account and clears the cookie", async () => {
    const { response, email } = await signUp(
      {},
      { cookie: trackingCookie({ network: "adnet", ref: "r1", sub1: "s1", sub2: "s2", sub3: "s3", landingPath: "/landers/video" }) },
    );
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("tracking=;") && cookie.includes("Max-Age=0"))).toBe(true);
    const user = await userRow(email);
    const rows = await sql("SELECT network, ref, sub1, sub2, sub3, landing_path FROM tracking_records WHERE user_id = ?", [user!.id]);
    expect(rows).toEqual([["adnet", "r1", "s1", "s2", "s3", "/landers/video"]]);
  });

  it("takes the tracking record from the landing URL itself", async () => {
    const form = accountForm();
    const response = await postAs("/signup?network=direct&sub1=x", form);
    expect(response.status).toBe(302);
    const user = await userRow(form.email!);
    expect(await sql("SELECT network, sub1 FROM tracking_records WHERE user_id = ?", [user!.id])).toEqual([["direct", "x"]]);
  });

  it("stores no tracking record for a visitor without one", async () => {
    const { email } = await signUp();
    const user = await userRow(email);
    expect(await sql("SELECT id FROM tracking_records WHERE user_id = ?", [user!.id])).toEqual([]);
  });
});

describe("signup gating by the site's signups setting", () => {
  it("all: everyone may sign up", async () => {
    const page = await get("/signup", { host: hosts.all });
    expect(mainContent(await page.text())).toContain('name="email"');
    expect((await signUp({}, { host: hosts.all })).response.status).toBe(302);
  });

  it("with_trafficsource: only visitors who came through a traffic source", async () => {
    const closed = mainContent(await (await get("/signup", { host: hosts.traffic })).text());
    expect(closed).toContain("Aanmelden alleen op uitnodiging");
    expect(closed).not.toContain('name="email"');
    const refused = await signUp({}, { host: hosts.traffic });
    expect(refused.response.status).toBe(403);
    expect(await userRow(refused.email)).toBeNull();

    const open = mainContent(await (await get("/signup", { host: hosts.traffic, cookie: trackingCookie({ network: "adnet" }) })).text());
    expect(open).toContain('name="email"');
    expect(mainContent(await (await get("/signup?network=adnet", { host: hosts.traffic })).text())).toContain('name="email"');
    const allowed = await signUp({}, { host: hosts.traffic, cookie: trackingCookie({ network: "adnet" }) });
    expect(allowed.response.status).toBe(302);

    // A network the site does not work with is no traffic source: anyone could type it.
    expect(mainContent(await (await get("/signup?network=madeup", { host: hosts.traffic })).text())).not.toContain('name="email"');
    const madeUp = await signUp({}, { host: hosts.traffic, cookie: trackingCookie({ network: "madeup" }) });
    expect(madeUp.response.status).toBe(403);
  });

  it("with_trafficsource without an allow-list of networks: any traffic source opens signup, none keeps it closed", async () => {
    expect(mainContent(await (await get("/signup", { host: hosts.anyTraffic })).text())).not.toContain('name="email"');
    expect((await signUp({}, { host: hosts.anyTraffic })).response.status).toBe(403);

    expect(mainContent(await (await get("/signup?network=newpartner", { host: hosts.anyTraffic })).text())).toContain('name="email"');
    const allowed = await signUp({}, { host: hosts.anyTraffic, cookie: trackingCookie({ network: "newpartner" }) });
    expect(allowed.response.status).toBe(302);
    expect(await userRow(allowed.email)).not.toBeNull();
  });

  it("invite_only: shows its own message and refuses signup on the server too", async () => {
    const page = mainContent(await (await get("/signup", { host: hosts.invite, cookie: trackingCookie({ network: "adnet" }) })).text());
    expect(page).toContain("Je kunt je op dit moment alleen aanmelden via een uitnodiging");
    const { response, email } = await signUp({}, { host: hosts.invite, cookie: trackingCookie({ network: "adnet" }) });
    expect(response.status).toBe(403);
    expect(await userRow(email)).toBeNull();
  });
});

describe("the steps after the account", () => {
  it("saves the region, personal info and about me, and skips what the member skips", async () => {
    const { response, email } = await signUp({ signup_message: "" });
    const cookie = authCookieOf(response)!;
    const [[regionId]] = (await sql("SELECT id FROM regions WHERE country = 'NL' ORDER BY name LIMIT 1")) as [[string]];
    const [[foreignRegion]] = (await sql("SELECT id FROM regions WHERE country != 'NL' LIMIT 1")) as [[string]];

    const skipPhoto = await postAs("/signup?step=photo", { step: "photo", intent: "skip" }, { cookie });
    expect(skipPhoto.headers.get("Location")).toBe("/signup?step=location");
    // The member's country is named by the server, in the member's language.
    expect(mainContent(await (await get("/signup?step=location", { cookie })).text())).toContain(
      "Kies je regio in Nederland, zodat je leden bij jou in de buurt vindt.",
    );
    const foreign = await postAs("/signup?step=location", { step: "location", intent: "save", region: String(foreignRegion) }, { cookie });
    expect(foreign.status, "foreign region").toBe(400);
    expect(mainContent(await foreign.text())).toContain("Kies een regio uit de lijst.");
    const location = await postAs("/signup?step=location", { step: "location", intent: "save", region: String(regionId) }, { cookie });
    expect(location.headers.get("Location")).toBe("/signup?step=personal");
    const personal = await postAs(
      "/signup?step=personal",
      { step: "personal", intent: "save", hair_color: "blonde", eye_color: "green", body_type: "spaceship" },
      { cookie },
    );
    expect(personal.status, "invalid option").toBe(400);
    await postAs("/signup?step=personal", { step: "personal", intent: "save", hair_color: "blonde", eye_color: "green" }, { cookie });
    const tooLong = await postAs("/signup?step=about", { step: "about", intent: "save", about_me: "x".repeat(1001) }, { cookie });
    expect(tooLong.status, "about too long").toBe(400);
    const about = await postAs("/signup?step=about", { step: "about", intent: "save", about_me: "  Ik hou van wandelen.  " }, { cookie });
    expect(about.headers.get("Location")).toBe("/signup?step=push");
    const push = await postAs("/signup?step=push", { step: "push", intent: "skip" }, { cookie });
    expect(push.headers.get("Location")).toBe("/signup?step=done");

    const [[region, hair, eyes, aboutMe]] = (await sql(
      "SELECT p.region_id, p.hair_color, p.eye_color, p.about_me FROM profiles p JOIN users u ON u.id = p.user_id WHERE u.email = ?",
      [email],
    )) as [[string, string, string, string]];
    expect([Number(region), hair, eyes, aboutMe]).toEqual([Number(regionId), "blonde", "green", "Ik hou van wandelen."]);

    const done = mainContent(await (await get("/signup?step=done", { cookie })).text());
    expect(done).toContain(email);
    expect(done).toContain("Stuur de mail opnieuw");
  });

  it("/complete-signup walks only the steps still open", async () => {
    const { response } = await signUp();
    const cookie = authCookieOf(response)!;
    const first = mainContent(await (await get("/complete-signup", { cookie })).text());
    expect(first).toContain("Je profielfoto");
    const next = await postAs("/complete-signup?step=photo", { step: "photo", intent: "skip" }, { cookie });
    // The signup message already filled in "about me", so that step is not asked again.
    expect(next.headers.get("Location")).toBe("/complete-signup?step=location");
    const [[regionId]] = (await sql("SELECT id FROM regions WHERE country = 'NL' LIMIT 1")) as [[string]];
    await postAs("/complete-signup?step=location", { step: "location", intent: "save", region: String(regionId) }, { cookie });
    const personal = await postAs("/complete-signup?step=personal", { step: "personal", intent: "skip" }, { cookie });
    // No push subscription yet, and the deployment has a VAPID key (ADR 026): the push step is open.
    expect(personal.headers.get("Location")).toBe("/complete-signup?step=push");
    const push = await postAs("/complete-signup?step=push", { step: "push", intent: "skip" }, { cookie });
    expect(push.headers.get("Location")).toBe("/complete-signup?step=done");
  });

  it("sends signed-out visitors of /complete-signup to the login", async () => {
    const response = await get("/complete-signup");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fcomplete-signup");
  });
});

describe("activation", () => {
  it("GET only shows a confirm button; POST confirms once, activates the profile, grants the credits and signs in", async () => {
    const { email } = await signUp();
    const token = await activationToken(email);

    const page = await get(`/activate?token=${token}`);
    expect(page.status).toBe(200);
    expect(mainContent(await page.text())).toContain("Bevestig mijn e-mailadres");
    expect((await userRow(email))?.status).toBe("not_confirmed");

    const confirmed = await postAs("/activate", { token });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/activate/done");
    const cookie = authCookieOf(confirmed);
    expect(cookie).toBeTruthy();
    const user = await userRow(email);
    expect(user).toMatchObject({ status: "confirmed", profileStatus: "active", credits: 30 });
    expect(user?.confirmedAt).not.toBeNull();
    expect(await sql("SELECT delta, reason FROM credit_ledger WHERE cause_key = ?", [`signup:${user!.id}`])).toEqual([["30", "signup"]]);

    const done = mainContent(await (await get("/activate/done", { cookie: cookie! })).text());
    expect(done).toContain("Je hebt 30 gratis credits gekregen");
    expect(done).toContain("Meest gekozen");

    const again = await postAs("/activate", { token }, { cookie: cookie! });
    expect(again.headers.get("Location")).toBe("/activate/error");
    expect((await userRow(email))?.credits).toBe(30);
    expect((await get(`/activate?token=${token}`)).headers.get("Location")).toBe("/activate/error");
  });

  it("grants the signup credits once, even when a second link is used as well", async () => {
    const { response, email } = await signUp();
    const cookie = authCookieOf(response)!;
    const first = await activationToken(email);
    const resent = await postAs("/activate/resend", {}, { cookie });
    expect(await resent.json()).toEqual({ status: "sent" });
    await expect.poll(() => activationToken(email)).not.toBe(first);
    const second = await activationToken(email);
    expect((await postAs("/activate", { token: first }, { cookie })).headers.get("Location")).toBe("/activate/done");
    expect((await postAs("/activate", { token: second }, { cookie })).headers.get("Location")).toBe("/activate/done");
    const user = await userRow(email);
    expect(user?.credits).toBe(30);
    expect(await sql("SELECT count(*) FROM credit_ledger WHERE user_id = ?", [user!.id])).toEqual([["1"]]);
  });

  it("refuses expired and unknown links with the spec's message and a resend form", async () => {
    const { email } = await signUp();
    const token = await activationToken(email);
    await sql("UPDATE verification_tokens SET expires_at = unixepoch() - 60 WHERE user_id = (SELECT id FROM users WHERE email = ?)", [
      email,
    ]);
    expect((await get(`/activate?token=${token}`)).headers.get("Location")).toBe("/activate/error");
    expect((await postAs("/activate", { token })).headers.get("Location")).toBe("/activate/error");
    expect((await postAs("/activate", { token: "not a token" })).headers.get("Location")).toBe("/activate/error");
    expect((await userRow(email))?.status).toBe("not_confirmed");

    const error = mainContent(await (await get("/activate/error")).text());
    expect(error).toContain("Link verlopen of invalide, vraag een nieuwe e-mail aan");
    expect(error).toContain('name="email"');
  });

  it("does not confirm an address the account no longer has", async () => {
    const { email } = await signUp();
    const token = await activationToken(email);
    await sql("UPDATE users SET email = ? WHERE email = ?", [uniqueEmail("changed"), email]);
    expect((await postAs("/activate", { token })).headers.get("Location")).toBe("/activate/error?reason=failed");
  });
});

describe("resending the activation mail", () => {
  it("answers the same for unknown and known addresses, and sends only to an unconfirmed account", async () => {
    const { email } = await signUp();
    const before = await sql("SELECT count(*) FROM mail_outbox WHERE to_address = ?", [email]);
    const known = await postAs("/activate/resend", { email });
    const unknownAddress = uniqueEmail("nobody");
    const unknown = await postAs("/activate/resend", { email: unknownAddress });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    // The mail is written after the answer (the same answer time for every address).
    const mailsTo = async () => Number((await sql("SELECT count(*) FROM mail_outbox WHERE to_address = ?", [email]))[0]![0]);
    await expect.poll(mailsTo).toBe(Number(before[0]![0]) + 1);
    expect(await sql("SELECT id FROM mail_outbox WHERE to_address = ?", [unknownAddress])).toEqual([]);

    const confirmed = await createMember();
    await postAs("/activate/resend", { email: confirmed.email });
    expect(await sql("SELECT id FROM mail_outbox WHERE to_address = ?", [confirmed.email])).toEqual([]);
  });

  it("allows 3 mails per address an hour", async () => {
    const { email } = await signUp();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await postAs("/activate/resend", { email })).status).toBe(200);
    }
    const limited = await postAs("/activate/resend", { email });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ status: "limited" });
  });

  it("sends a browser without JavaScript back to the page it came from", async () => {
    const response = await postAs(
      "/activate/resend",
      { email: uniqueEmail(), redirectTo: "/activate/error" },
      { headers: { "Sec-Fetch-Mode": "navigate" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/activate/error?resent=sent");
    const page = mainContent(await (await get("/activate/error?resent=sent")).text());
    expect(page).toContain("Als er een onbevestigd account bij dit e-mailadres hoort");
  });

  it("refuses posts from another origin and invalid addresses", async () => {
    const foreign = await postAs("/activate/resend", { email: uniqueEmail() }, { headers: { Origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const invalid = await postAs("/activate/resend", { email: "nope" });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ status: "invalid" });
  });
});

describe("the activate reminder", () => {
  it("shows for an unconfirmed member, not on signup, and not for confirmed members", async () => {
    const unconfirmed = await createMember({ status: "not_confirmed" });
    const cookie = await loginCookie(unconfirmed);
    const home = await (await get("/pricing", { cookie })).text();
    expect(home).toContain("activate-reminder");
    expect(home).toContain("Stuur de mail opnieuw");
    expect(await (await get("/signup?step=photo", { cookie })).text()).not.toContain("activate-reminder");

    const confirmed = await createMember();
    expect(await (await get("/pricing", { cookie: await loginCookie(confirmed) })).text()).not.toContain("activate-reminder");
  });
});

describe("/signup-matches", () => {
  it("shows active members of the sought gender, country and age band, with a photo", async () => {
    const { response } = await signUp({ gender: "male", seeking: "female", date_of_birth: "1990-06-01" });
    const cookie = authCookieOf(response)!;
    const page = await get("/signup-matches", { cookie });
    expect(page.status).toBe(200);
    const html = mainContent(await page.text());
    const ids = [...html.matchAll(/href="\/members\/(\d+)"/g)].map((match) => Number(match[1]));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(12);
    const rows = await sql(
      `SELECT p.gender, p.country, p.status, p.birth_date, ph.status FROM profiles p JOIN photos ph ON ph.id = p.main_photo_id
       WHERE p.id IN (${ids.join(",")})`,
    );
    expect(rows).toHaveLength(ids.length);
    for (const [gender, country, status, birthDate, photoStatus] of rows) {
      expect([gender, country, status, photoStatus]).toEqual(["female", "NL", "active", "active"]);
      expect(String(birthDate) >= "1982-06-01" && String(birthDate) <= "1998-06-01").toBe(true);
    }
    expect(html).toContain("Verder naar de site");
  });

  it("never suggests a member in invisible mode", async () => {
    const { response, email } = await signUp({ gender: "male", seeking: "female", date_of_birth: "1990-06-01" });
    const cookie = authCookieOf(response)!;
    const [[siteId]] = (await sql("SELECT site_id FROM users WHERE email = ? ORDER BY id DESC LIMIT 1", [email])) as [[number]];
    // The best fit there is: active just now, a photo, the right age; but invisible.
    const [shy] = await insertMembers({ siteId: Number(siteId), host: "localhost", name: "" }, [
      { name: "Shy", birthDate: "1990-01-01", invisible: true },
    ]);
    await addPhoto(shy!, { main: true });
    await sql("UPDATE profiles SET last_active_at = unixepoch() + 3600 WHERE id = ?", [shy!]);
    const shown = async () => mainContent(await (await get("/signup-matches", { cookie })).text()).includes(`href="/members/${shy}"`);
    expect(await shown()).toBe(false);

    await sql("UPDATE users SET invisible = 0 WHERE id = (SELECT user_id FROM profiles WHERE id = ?)", [shy!]);
    expect(await shown()).toBe(true);
  });
});
