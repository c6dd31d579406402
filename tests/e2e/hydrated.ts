import { expect, type Page } from "@playwright/test";

declare const document: { querySelector(selector: string): object | null };

/**
 * Resolves once React has hydrated the page: its main element carries React's fiber. The alerts
 * (push, profile photo) are in the server's HTML (ADR 046); their buttons work from then on.
 * `goto` and `reload` already wait for it (./test.ts); a page reached by a click or a form does not.
 */
export async function hydrated(page: Page) {
  // The scripts start after the first photos (up to 3 s, ADR 063) and then hydrate: more than expect's 5 s on a busy machine.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const main = document.querySelector("main");
          return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
}
