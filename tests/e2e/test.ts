/**
 * The suite's `test`: Playwright's, with every page's `goto` and `reload` resolving once a page that
 * hydrates has hydrated. A member page's scripts start after its first photos (ADR 063), so a test
 * that used a page's scripts right after `goto` raced them, and lost now and then on a busy machine.
 * Pages that never hydrate (a visitor's public pages, ADR 032; Mollie's checkout) are not waited
 * for, nor is a `goto` with `waitUntil: "commit"`. A test of a page before its scripts run opts
 * out: `test.use({ awaitHydration: false })`.
 */
import { test as base, type BrowserContext, type Page } from "@playwright/test";
import { hydrated } from "./hydrated";

export { expect } from "@playwright/test";
export type { Browser, BrowserContext, Page, Request, WebSocketRoute } from "@playwright/test";

declare const document: { querySelector(selector: string): object | null };

type Options = { awaitHydration: boolean };

/** The running test's choice; tests run one at a time (playwright.config.ts: one worker). */
let awaiting = true;
const watched = new WeakSet<object>();

/** React Router's module script, written inert until the page starts it: only a page that hydrates has one. */
function hydrates(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('script[type="x-module"]') !== null).catch(() => false);
}

async function settle(page: Page, waitUntil: string | undefined) {
  if (awaiting && waitUntil !== "commit" && (await hydrates(page))) await hydrated(page);
}

function awaitHydrationOn(page: Page) {
  if (watched.has(page)) return;
  watched.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await settle(page, options?.waitUntil);
    return response;
  };
  page.reload = async (options) => {
    const response = await reload(options);
    await settle(page, options?.waitUntil);
    return response;
  };
}

function awaitHydrationIn(context: BrowserContext) {
  if (watched.has(context)) return;
  watched.add(context);
  for (const page of context.pages()) awaitHydrationOn(page);
  context.on("page", awaitHydrationOn);
}

export const test = base.extend<Options & { hydration: undefined }>({
  awaitHydration: [true, { option: true }],
  hydration: [
    async ({ awaitHydration, browser, context }, use) => {
      awaiting = awaitHydration;
      awaitHydrationIn(context);
      // Contexts a test opens itself (a second member, a phone) behave the same.
      const newContext = browser.newContext;
      browser.newContext = async (options) => {
        const opened = await newContext.call(browser, options);
        awaitHydrationIn(opened);
        return opened;
      };
      await use(undefined);
      browser.newContext = newContext;
      awaiting = true;
    },
    { auto: true },
  ],
});
