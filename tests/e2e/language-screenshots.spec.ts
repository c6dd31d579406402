/**
 * Screenshots for a native speaker's review (issue 33): five pages at 375 px in each of the eleven
 * languages, written to docs/screenshots/<lng>-<page>.png. Only runs with SCREENSHOTS=1 (it takes
 * a few minutes and asserts nothing a reviewer's eyes do not): see the README, "Languages".
 */
import { test } from "@playwright/test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";

const LANGUAGES = ["da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"] as const;

test.skip(process.env.SCREENSHOTS !== "1", "set SCREENSHOTS=1 to regenerate docs/screenshots/<lng>-<page>.png");
test.setTimeout(600_000);

/** A member who liked the viewer and wrote to them twice, so the chat, likes and badges show text. */
async function createPenPal(viewer: { profileId: number }) {
  const penPal = await createMember({ name: "Annemarie" });
  const client = db();
  await client.execute({ sql: "INSERT INTO likes (liker_id, liked_id) VALUES (?, ?)", args: [penPal.profileId, viewer.profileId] });
  const conversation = await client.execute({
    sql: `INSERT INTO conversations (site_id, starter_id, recipient_id, last_message_at)
          VALUES ((SELECT id FROM sites WHERE is_default = 1), ?, ?, unixepoch()) RETURNING id`,
    args: [penPal.profileId, viewer.profileId],
  });
  const conversationId = Number(conversation.rows[0]!.id);
  await client.execute({
    sql: `INSERT INTO conversation_members (conversation_id, profile_id, unread_count, last_message_at)
          VALUES (?, ?, 2, unixepoch()), (?, ?, 0, unixepoch())`,
    args: [conversationId, viewer.profileId, conversationId, penPal.profileId],
  });
  for (const body of ["Hoi!", "Zin in een kop koffie deze week?"]) {
    await client.execute({
      sql: "INSERT INTO messages (conversation_id, sender_id, body) VALUES (?, ?, ?)",
      args: [conversationId, penPal.profileId, body],
    });
  }
  client.close();
  return { profileId: penPal.profileId, conversationId };
}

test("five pages at 375 px in every language, for review", async ({ page, context, baseURL }) => {
  const member = await createMember({ name: "Sam", credits: 12 });
  const penPal = await createPenPal(member);
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
