/**
 * product.md §8: when a piece of a page's code fails to load (a deploy replaced it, the network
 * dropped), the page reloads once, and not again within 60 s. The piece here is the code every
 * page loads after hydration (the deferred alerts and modals of the default layout), on a page that
 * hydrates for a visitor too (/complaints; most public pages are plain HTML for visitors, ADR 032).
 */
import { expect, test, type Page } from "./test";

// These pages' scripts fail to load on purpose: they never hydrate.
test.use({ awaitHydration: false });

const DEFERRED_CHUNK = /\/assets\/deferred-[\w-]+\.js$/;

/** Counts the page's document loads (the first one and every reload). */
function countDocuments(page: Page) {
  const loads = { count: 0 };
  page.on("request", (request) => {
    if (request.resourceType() === "document") loads.count += 1;
  });
  return loads;
}

test("a chunk that fails to load once reloads the page once, which then works", async ({ page }) => {
  let failed = 0;
  await page.route(DEFERRED_CHUNK, async (route) => {
    if (failed > 0) return route.continue();
    failed += 1;
    await route.fulfill({ status: 404, body: "" });
  });
  const documents = countDocuments(page);
  const chunkLoaded = page.waitForResponse((response) => DEFERRED_CHUNK.test(response.url()) && response.status() === 200);
  await page.goto("/complaints");
  await chunkLoaded;
  expect(failed).toBe(1);
  expect(documents.count).toBe(2);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a chunk that keeps failing reloads the page only once within a minute", async ({ page }) => {
  let failures = 0;
  await page.route(DEFERRED_CHUNK, async (route) => {
    failures += 1;
    await route.fulfill({ status: 404, body: "" });
  });
  const documents = countDocuments(page);
  await page.goto("/complaints");
  await expect.poll(() => failures).toBe(2);
  await page.waitForTimeout(1500);
  expect(documents.count).toBe(2);
  expect(failures).toBe(2);
});
