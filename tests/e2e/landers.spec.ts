/**
 * The landers (product.md §10 "Landers"): a visitor from a campaign lands on landers of the Dutch,
 * German and English sites, signs up from one with a member in view, and the new account carries
 * the campaign's network; a moderator sees a lander's visit and signup in the conversion report;
 * hiding a lander sends the page-hidden beacon. Then every lander, in every language, fits a phone
 * and a desktop.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./test";
import { db, latestMail, linkIn, uniqueEmail } from "./factories";
import { logIn } from "./log-in";
import { supportedLanguages } from "../../app/i18n/languages";
import { SLUG_LANDER_DESIGNS } from "../../app/landers/lander-slug";

const port = Number(process.env.E2E_PORT ?? 8790);

type LanderCopy = {
  niche: Record<"plain" | "milf" | "gay", { headline: string; lead: string }>;
  video: { play: string };
  socialnetwork: { message: string };
  member: { signupTitle: string };
  cta: { signup: string };
};
/** The lander copy of a language, as the pages show it. */
const copy = (language: string): LanderCopy => JSON.parse(readFileSync(`locales/${language}/landers.json`, "utf8"));
const [nl, de, en] = [copy("nl"), copy("de"), copy("en")];
const site = (subdomain: string) => `http://${subdomain}localhost:${port}`;

/** A visible member of a site, with a photo: who the landers and member landers show. */
async function memberOf(siteKey: string): Promise<number> {
  const client = db();
  const result = await client.execute({
    sql: `SELECT p.id FROM profiles p JOIN users u ON u.id = p.user_id
          WHERE p.site_id = (SELECT id FROM sites WHERE key = ?) AND p.status = 'active' AND u.status = 'confirmed'
            AND u.invisible = 0 AND p.main_photo_id IS NOT NULL
          ORDER BY p.id LIMIT 1`,
    args: [siteKey],
  });
  client.close();
  return Number(result.rows[0]!.id);
}

async function trackingOf(email: string) {
  const client = db();
  const result = await client.execute({
    sql: "SELECT t.network, t.sub1, t.landing_path FROM tracking_records t JOIN users u ON u.id = t.user_id WHERE u.email = ?",
    args: [email],
  });
  client.close();
  return result.rows.map((row) => ({ network: row.network, sub1: row.sub1, landingPath: row.landing_path }));
}

/** A phone's browser, as a visitor from an ad has it. */
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";

/** The page events (beacons, bounces) recorded for a network. */
async function pageEvents(network: string) {
  const client = db();
  const result = await client.execute({ sql: "SELECT kind, page FROM page_events WHERE network = ? ORDER BY id", args: [network] });
  client.close();
  return result.rows.map((row) => ({ kind: row.kind, page: row.page }));
}

/** How many landing visits were recorded for a network. */
async function landingVisits(network: string) {
  const client = db();
  const result = await client.execute({ sql: "SELECT count(*) AS n FROM landing_visits WHERE network = ?", args: [network] });
  client.close();
  return Number(result.rows[0]?.n ?? 0);
}

test("a visitor lands on landers in nl, de and en, signs up from one and the account carries the network", async ({ browser }) => {
  const context = await browser.newContext({ locale: "en-GB" });
  const page = await context.newPage();

  // Dutch site: the gallery for the plain niche.
  await page.goto(`${site("")}/landers/gallery/nl-plain?network=adnet&sub1=nl-banner`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(nl.niche.plain.headline);
  await expect(page.locator(".lander-gallery__grid .profile-card").first()).toBeVisible();
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);

  // German site: the video lander for the milf niche; the film plays after "play".
  await page.goto(`${site("de.")}/landers/video/de-milf?network=adnet&sub1=de-banner`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Im Video");
  await expect(page.getByText(de.niche.milf.lead)).toBeVisible();
  await expect(page.locator(".film__frames")).toBeHidden();
  await page.getByText(de.video.play).click();
  await expect(page.locator(".film__frames")).toBeVisible();

  // English site: the social feed for the gay niche, and a member's post leads to signing up.
  await page.goto(`${site("gay.")}/landers/socialnetwork/en-gay?network=adnet&sub1=en-banner`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.niche.gay.headline);
  const post = page.locator(".post").first();
  const name = ((await post.locator(".post__name").textContent()) ?? "").split(",")[0]!.trim();
  await post.getByRole("link", { name: en.socialnetwork.message }).click();
  await expect(page).toHaveURL(/\/members\/\d+\/signup$/);
  const profilePath = new URL(page.url()).pathname.replace(/\/signup$/, "");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en.member.signupTitle.replace("{{name}}", name));

  const email = uniqueEmail("lander");
  const form = page.locator(".member-signup__form");
  await form.getByLabel("I am a").selectOption("male");
  await form.getByLabel("Looking for").selectOption("male");
  await form.getByLabel("Profile name").fill("Lander");
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password").fill("correct horse battery");
  await form.getByLabel("Date of birth").fill("1990-05-17");
  await form.getByLabel("I accept the").check();
  await form.getByRole("button", { name: "Create account" }).click();

  // Straight on to the member's profile, signed in.
  await expect(page).toHaveURL(new RegExp(`${profilePath}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(name);
  expect(await trackingOf(email)).toEqual([{ network: "adnet", sub1: "en-banner", landingPath: "/landers/socialnetwork/en-gay" }]);

  const mail = await latestMail(email);
  const link = linkIn(mail!.text, "/activate");
  await page.goto(`${site("gay.")}${new URL(link).pathname}${new URL(link).search}`);
  await expect(page).toHaveURL(/\/activate\/done$/);
  await context.close();
});

test("a lander sends the page-hidden beacon when the visitor switches away, and it is recorded", async ({ browser }) => {
  const network = `hidden${Date.now()}`;
  // A page event counts for the landing visit (ADR 060), and headless browsers' visits are not counted: a phone's user agent.
  const visitor = await browser.newContext({ userAgent: PHONE_BROWSER });
  const page = await visitor.newPage();
  const refused: string[] = [];
  page.on("console", (message) => message.type() === "error" && refused.push(message.text()));
  await page.goto(`/landers/iconslanding/nl-plain?network=${network}`);
  // The visit is written after the response; the beacon counts only for a visit the site knows.
  await expect.poll(() => landingVisits(network)).toBe(1);
  // No script file: the one script is the inline beacon, allowed by the page's nonce.
  expect(await page.locator('link[rel="modulepreload"]').count()).toBe(0);
  expect(await page.locator("script[nonce]").count()).toBe(1);

  const beacon = page.waitForRequest((request) => request.url().endsWith("/api/page-hidden.php") && request.method() === "POST");
  await page.locator("html").evaluate((html) => {
    const document = html.ownerDocument;
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  expect((await (await beacon).response())?.status()).toBe(204);
  await expect.poll(() => pageEvents(network)).toEqual([{ kind: "hidden", page: "/landers/iconslanding/nl-plain" }]);
  expect(refused).toEqual([]);
  await visitor.close();
});

test("a moderator sees a lander's visit and the signup it led to in the conversion report", async ({ browser }) => {
  const network = `report${Date.now()}`;
  // Headless Chromium says so in its user agent, and crawlers and headless browsers are not counted as visits.
  const visitor = await browser.newContext({ userAgent: PHONE_BROWSER });
  const page = await visitor.newPage();
  await page.goto(`/landers/alonetonight/nl-plain?network=${network}&sub1=evening`);
  await page.getByRole("link", { name: nl.cta.signup }).first().click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.getByLabel("Ik ben een").selectOption("male");
  await page.getByLabel("Op zoek naar").selectOption("female");
  await page.getByLabel("Profielnaam").fill("Avondmens");
  await page.getByLabel("E-mailadres").fill(uniqueEmail("report"));
  await page.getByLabel("Wachtwoord").fill("correct horse battery");
  await page.getByLabel("Geboortedatum").fill("1990-05-17");
  await page.getByLabel("Ik ga akkoord met de").check();
  await page.getByRole("button", { name: "Account aanmaken" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Je profielfoto");
  await visitor.close();

  const operator = await browser.newContext();
  const report = await operator.newPage();
  await logIn(report, "moderator@example.com", "demo1234!demo");
  await report.goto("/conversions");
  const row = report.locator("tbody tr", { has: report.getByRole("cell", { name: network, exact: true }) });
  // page, slug, network, visits, bounces, signups, activations, first purchases, signup rate
  await expect(row.locator("td")).toHaveText(["/landers/alonetonight", "nl-plain", network, "1", "0", "1", "0", "0", /^100\s?%$/]);
  await operator.close();
});

test("the swipe demo throws a card aside without any script", async ({ page }) => {
  await page.goto("/landers/tinderswipe");
  const first = page.locator(".swipe-stack__item").first();
  await expect(first.locator(".swipe-stack__card")).toBeVisible();
  await first.locator(".swipe-stack__button--like").click();
  await expect(first.locator(".swipe-stack__card")).toBeHidden();
  await expect(page.locator(".swipe-stack__item").nth(1).locator(".swipe-stack__card")).toBeVisible();
});

/** The page is no wider than the screen at a phone's and a desktop's width. */
async function expectFits(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const { scrollWidth, innerWidth } = await page.locator("html").evaluate((html) => ({
      scrollWidth: html.scrollWidth,
      innerWidth: html.ownerDocument.defaultView!.innerWidth,
    }));
    expect.soft(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(innerWidth);
  }
}

test("every lander and member lander fits 375 and 1280 px in every language", async ({ page, context, baseURL }) => {
  test.setTimeout(300_000);
  const memberId = await memberOf("nl-general");
  for (const language of supportedLanguages) {
    await context.addCookies([{ name: "locale", value: language, url: baseURL ?? site("") }]);
    await expectFits(page, "/landers/tinderswipe");
    for (const design of SLUG_LANDER_DESIGNS) await expectFits(page, `/landers/${design}/${language}-plain`);
    for (const path of ["landing", `landing2/${language}-milf`, `landing3/${language}-bbw`, "signup"]) {
      await expectFits(page, `/members/${memberId}/${path}`);
    }
  }
});
