/**
 * Accessibility (issue 15, item 6): axe-core checks the main pages, signed out and signed in as a
 * free member, on a phone (375 px) and a desktop (1280 px), and finds no serious or critical
 * violation. One browser context per role, the pages one after the other, to stay fast.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";

const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 900 },
];

/** An active member of the default site with a photo, to open as "a profile" and "a chat". */
async function someProfileId(): Promise<number> {
  const client = db();
  const result = await client.execute(
    `SELECT id FROM profiles
     WHERE site_id = (SELECT id FROM sites WHERE is_default = 1) AND status = 'active' AND gender = 'male'
       AND main_photo_id IS NOT NULL AND fictional = 0
     ORDER BY id LIMIT 1`,
  );
  client.close();
  return Number(result.rows[0]!.id);
}

type Finding = { page: string; width: number; rule: string; impact: string; help: string; targets: string[] };

async function audit(page: Page, paths: string[]): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    for (const path of paths) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBeLessThan(400);
      await page.waitForLoadState("networkidle");
      const { violations } = await new AxeBuilder({ page }).analyze();
      // AXE_DEBUG=1 lists every violation, whatever its impact (to look at the moderate ones too).
      if (process.env.AXE_DEBUG) console.log("AXE", path, size.width, violations.map((v) => `${v.id}:${v.impact}`).join(" "));
      for (const violation of violations) {
        if (violation.impact !== "serious" && violation.impact !== "critical") continue;
        findings.push({
          page: path,
          width: size.width,
          rule: violation.id,
          impact: violation.impact,
          help: violation.help,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(" ")),
        });
      }
    }
  }
  return findings;
}

test.describe("accessibility", () => {
  test.setTimeout(240_000);

  test("signed out: no serious or critical violation on the main pages", async ({ browser }) => {
    const profileId = await someProfileId();
    const context = await browser.newContext();
    const page = await context.newPage();
    const findings = await audit(page, ["/", "/members", `/members/${profileId}`, "/pricing", "/login", "/signup", "/pages/faq"]);
    await context.close();
    expect(findings).toEqual([]);
  });

  test("signed out: no serious or critical violation on the landers", async ({ browser }) => {
    const profileId = await someProfileId();
    const context = await browser.newContext();
    const page = await context.newPage();
    const findings = await audit(page, [
      "/landers/tinderswipe",
      "/landers/alonetonight",
      "/landers/collagelanding/nl-milf",
      "/landers/gallery",
      "/landers/iconslanding",
      "/landers/maplanding",
      "/landers/socialnetwork/nl-plain",
      "/landers/transitionsvideolanding",
      "/landers/video",
      `/members/${profileId}/landing`,
      `/members/${profileId}/landing2/nl-plain`,
      `/members/${profileId}/landing3`,
      `/members/${profileId}/signup`,
    ]);
    await context.close();
    expect(findings).toEqual([]);
  });

  test("signed in as a free member: no serious or critical violation on the main pages", async ({ browser }) => {
    const profileId = await someProfileId();
    const member = await createMember({ name: `Toegankelijk${Date.now().toString(36)}` });
    const context = await browser.newContext();
    const page = await context.newPage();
    await logIn(page, member.email, member.password);
    const findings = await audit(page, [
      "/",
      "/members",
      `/members/${profileId}`,
      "/likes",
      "/chats",
      `/members/${profileId}/chat`,
      "/profile",
      "/settings",
      "/pricing",
      "/premium",
      "/pages/faq",
    ]);
    await context.close();
    expect(findings).toEqual([]);
  });
});
