/**
 * Screenshots for a native speaker's review (issue 33): five pages at 375 px in each of the eleven
 * languages, written to docs/screenshots/<lng>-<page>.png. Only runs with SCREENSHOTS=1 (it takes
 * a few minutes and asserts nothing a reviewer's eyes do not): see docs/features.md, "Languages".
 */
import { test } from "./test";
import { createMember, createPenPal } from "./factories";
import { logIn } from "./log-in";

const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;

test.skip(process.env.SCREENSHOTS !== "1", "set SCREENSHOTS=1 to regenerate docs/screenshots/<lng>-<page>.png");
test.setTimeout(600_000);

test("five pages at 375 px in every language, for review", async ({ page, context, baseURL }) => {
  const member = await createMember({ name: "Sam", credits: 12 });
  const penPal = await createPenPal(member, { name: "Annemarie", messages: ["Hoi!", "Zin in een kop koffie deze week?"] });
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, member.email);
  const pages = {
    home: "/",
    members: "/members",
    profile: `/members/${penPal.profileId}`,
    chat: `/chats/${penPal.conversationId}`,
    credits: "/credits",
  };
  for (const language of LANGUAGES) {
    await context.addCookies([{ name: "locale", value: language, url: baseURL ?? "http://localhost:8790" }]);
    for (const [name, path] of Object.entries(pages)) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await page.screenshot({ path: `docs/screenshots/${language}-${name}.png`, fullPage: true });
    }
  }
});
