/**
 * The phone layout: no page scrolls sideways at 320, 375 and 414 px, for a
 * visitor, a free and a premium member, each in one of the longest languages (pl, fi, de); members
 * get the tab bar at the bottom of a phone and the full top menu on a wide screen.
 *
 * One browser context per role visits its pages in sequence; each page is loaded once and measured
 * at the three widths by resizing the viewport.
 */
import { expect, test, type BrowserContext, type Page } from "./test";
import { createMember, createPenPal, db } from "./factories";
import { logIn } from "./log-in";

const PHONE_WIDTHS = [320, 375, 414];

/** Long single words, as members do type them: they must wrap, not widen the page. */
const LONG_NAME = "Wolfeschlegelsteinhausenbergerdorff";
const LONG_MESSAGE = `Schau mal: https://example.test/${"sehr-lange-adresse-ohne-leerzeichen-".repeat(4)}ende`;

async function useLanguage(context: BrowserContext, baseURL: string | undefined, locale: string) {
  await context.addCookies([{ name: "locale", value: locale, url: baseURL ?? "http://localhost:8790" }]);
}

/** Loads a page once, then checks at each phone width that it is no wider than the screen. */
async function expectFitsPhones(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status() ?? 0, `${path} loads`).toBeLessThan(500);
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 740 });
    const { scrollWidth, innerWidth, widest } = await page.locator("html").evaluate((html) => {
      const view = html.ownerDocument.defaultView!;
      // The innermost elements that stick out on the right: what to fix when this fails.
      const sticking = [...html.querySelectorAll("body *")].filter((el) => el.getBoundingClientRect().right > view.innerWidth + 0.5);
      const innermost = sticking.filter((el) => !sticking.some((other) => other !== el && el.contains(other)));
      return {
        scrollWidth: html.scrollWidth,
        innerWidth: view.innerWidth,
        widest: innermost
          .slice(0, 3)
          .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}">`)
          .join(", "),
      };
    });
    expect.soft(scrollWidth, `${path} at ${width} px is ${scrollWidth} px wide (${widest})`).toBeLessThanOrEqual(innerWidth);
  }
}

/** A paid order, so the transactions list and a receipt have something to show. */
async function createPaidOrder(userId: number) {
  const client = db();
  const order = await client.execute({
    sql: `INSERT INTO orders (user_id, site_id, package_key, credits, currency, amount_cents, method, status, terms_accepted_at, paid_at)
          VALUES (?, (SELECT id FROM sites WHERE is_default = 1), 'p1', 250, 'EUR', 4995, 'ideal', 'paid', unixepoch(), unixepoch()) RETURNING id`,
    args: [userId],
  });
  client.close();
  return Number(order.rows[0]!.id);
}

/** What every member can open, on top of their own chats and orders. */
const memberPages = (profileId: number) => [
  "/",
  "/members",
  `/members/${profileId}`,
  "/likes",
  "/likes/received",
  "/likes/matches",
  "/chats",
  "/profile",
  "/settings",
  "/notifications",
  "/premium",
  "/credits",
  "/pricing",
  "/transactions",
  "/swipe-game",
  "/match-finder",
  "/complaints",
  "/pages/terms",
];

test("a visitor's pages fit a phone (in Polish)", async ({ page, context, baseURL }) => {
  const member = await createMember({ name: LONG_NAME });
  await useLanguage(context, baseURL, "pl");
  for (const path of [
    "/",
    "/members",
    `/members/${member.profileId}`,
    "/pricing",
    "/pages/terms",
    "/pages/faq",
    "/pages/privacy",
    "/login",
    "/signup",
    "/reset-password",
    "/complaints",
    "/lang-config",
    "/no/such/page",
    "/landers/tinderswipe",
    "/landers/socialnetwork",
    "/landers/maplanding/pl-bbw",
    `/members/${member.profileId}/landing`,
    `/members/${member.profileId}/signup`,
  ]) {
    await expectFitsPhones(page, path);
  }
});

test("a free member's pages fit a phone (in Finnish)", async ({ page, context, baseURL }) => {
  // Every member page at three widths: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const member = await createMember({ name: LONG_NAME });
  const penPal = await createPenPal(member, { name: `Annemarie${LONG_NAME}`, messages: [LONG_MESSAGE], unread: 2 });
  await logIn(page, member.email);
  await useLanguage(context, baseURL, "fi");
  for (const path of [...memberPages(penPal.profileId), `/chats/${penPal.conversationId}`]) {
    await expectFitsPhones(page, path);
  }
});

test("a premium member's pages fit a phone (in German), with the tab bar below 768 px only", async ({ page, context, baseURL }) => {
  // Every member page at three widths, as for the free member: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const member = await createMember({ name: LONG_NAME, paidUser: true, credits: 5 });
  const penPal = await createPenPal(member, { name: `Annemarie${LONG_NAME}`, messages: [LONG_MESSAGE], unread: 150 });
  const orderId = await createPaidOrder(member.userId);
  await logIn(page, member.email);
  await useLanguage(context, baseURL, "de");

  // A phone: the four tabs at the bottom, the top bar keeps the logo, credits and language.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/members");
  const tabs = page.getByRole("navigation", { name: "Mitgliedermenü" });
  await expect(tabs).toBeVisible();
  await expect(tabs.locator(".bottom-tabs__label, .account-menu__label")).toHaveText(["Suchen", "Likes", "Nachrichten", "Konto"]);
  await expect(tabs.getByRole("link", { name: "Suchen" })).toHaveAttribute("aria-current", "page");
  // A badge shows the capped number and reads out the sentence (its own text, not an aria-label on a span).
  const messagesBadge = tabs.getByRole("link", { name: /Nachrichten/ }).locator(".badge");
  await expect(messagesBadge.getByText("150 ungelesene Nachrichten")).toBeAttached();
  await expect(messagesBadge.locator('[aria-hidden="true"]')).toHaveText("99+");
  await expect(tabs.getByRole("link", { name: /Likes/ }).locator(".badge").getByText("1 neues Like")).toBeAttached();
  const topBar = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(topBar.getByRole("link", { name: /^Credits/ })).toHaveAttribute("href", "/credits/repeat-order");
  await expect(topBar.getByText("Noch 5 Credits")).toBeAttached();
  await expect(topBar.getByRole("link", { name: "Mitglieder suchen" })).toBeHidden();

  // The account tab opens the account menu above the bar; choosing an item closes it.
  await tabs.getByText("Konto").click();
  await expect(tabs.getByRole("link", { name: "Benachrichtigungen", exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Einstellungen", exact: true })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Ausloggen" })).toBeVisible();
  await tabs.getByRole("link", { name: "Mein Profil" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(tabs.getByRole("link", { name: "Mein Profil" })).toBeHidden();

  // Nothing of the page stays behind the bar: scrolled to the end, the page ends above it.
  await page.locator("html").evaluate((html) => html.ownerDocument.defaultView!.scrollTo(0, html.scrollHeight));
  const pageEnd = await page.locator(".layout").evaluate((el) => el.getBoundingClientRect().bottom);
  const barTop = await tabs.evaluate((el) => el.getBoundingClientRect().top);
  expect(pageEnd).toBeLessThanOrEqual(barTop + 1);

  // A wide screen: no tab bar, the whole menu on top.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tabs).toBeHidden();
  await expect(topBar.getByRole("link", { name: "Mitglieder suchen" })).toBeVisible();
  await expect(topBar.getByRole("link", { name: /Nachrichten/ })).toBeVisible();
  await expect(topBar).toContainText(LONG_NAME);

  for (const path of [
    ...memberPages(penPal.profileId),
    `/chats/${penPal.conversationId}`,
    `/members/${penPal.profileId}/chat`,
    "/credits/repeat-order",
    "/credits/p1",
    `/transactions/${orderId}`,
  ]) {
    await expectFitsPhones(page, path);
  }
});
