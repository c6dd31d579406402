/**
 * The chat's safety check in the browser (ADR 053): a phone number written three ways, in Dutch,
 * German and Polish, gets the "Are you sure?" prompt (nothing sent, no credits used); the member
 * changes it or sends it anyway; the recipient sees it with a gentle warning and reports it with
 * one tap.
 */
import { expect, test } from "./test";
import { createMember } from "./factories";
import { logIn } from "./log-in";

const phoneNumbers = {
  Dutch: ["Bel me op 06-12345678", "mijn nummer: +31 6 1234 5678", "nul zes een twee drie vier vijf zes zeven acht"],
  German: ["Ruf mich an: 0171 2345678", "+49 (0)171/234 56 78", "null eins sieben eins zwei drei vier fünf sechs sieben acht"],
  Polish: ["zadzwoń 512 345 678", "+48 512-345-678", "pięć jeden dwa trzy cztery pięć sześć siedem osiem"],
};

test("a phone number gets the prompt, is sent anyway, and arrives flagged with a report button", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const anna = await createMember({ name: "Anna", credits: 100 });
  const bram = await createMember({ name: "Bram" });
  await logIn(page, anna.email, anna.password);

  // A first, ordinary message opens the conversation.
  await page.goto(`/members/${bram.profileId}/chat`);
  const box = page.getByRole("textbox", { name: "Je bericht" });
  await box.fill("Hoi Bram!");
  await page.getByRole("button", { name: "Versturen" }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByRole("link", { name: "85 credits" })).toBeVisible();

  const prompt = page.getByRole("alertdialog", { name: "Weet je zeker dat je dit wilt versturen?" });
  for (const [language, texts] of Object.entries(phoneNumbers)) {
    for (const text of texts) {
      await box.fill(text);
      await page.getByRole("button", { name: "Versturen" }).click();
      await expect(prompt, `${language}: ${text}`).toBeVisible();
      await expect(prompt).toContainText("telefoonnummer");
      await expect(prompt).toContainText("Er is nog niets verstuurd en er zijn nog geen credits gebruikt.");
      await expect(box).toHaveValue(text);
      // "Change message" closes the prompt and hands the box back, text and all.
      await prompt.getByRole("button", { name: "Bericht aanpassen" }).click();
      await expect(prompt).toBeHidden();
      await expect(box).toBeFocused();
    }
  }
  await expect(page.getByRole("link", { name: "85 credits" })).toBeVisible();
  await expect(page.getByRole("article", { name: /^Jij, / })).toHaveCount(1);

  // Sent anyway: charged once, shown in the conversation.
  await box.fill(phoneNumbers.Dutch[0]!);
  await page.getByRole("button", { name: "Versturen" }).click();
  await prompt.getByRole("button", { name: "Toch versturen" }).click();
  await expect(page.getByRole("article", { name: /^Jij, / }).last()).toContainText(phoneNumbers.Dutch[0]!);
  await expect(page.getByRole("link", { name: "70 credits" })).toBeVisible();
  await expect(prompt).toBeHidden();

  // Bram sees it with a gentle warning and reports it with one tap.
  const bramContext = await browser.newContext();
  const bramPage = await bramContext.newPage();
  await logIn(bramPage, bram.email, bram.password);
  await bramPage.goto("/chats");
  await bramPage.getByRole("listitem").filter({ hasText: "Anna" }).getByRole("link").click();
  const warning = bramPage.getByRole("complementary", { name: "Veiligheidstip" });
  await expect(warning).toContainText("Let op: Anna wil ergens anders verder praten.");
  await warning.getByRole("button", { name: "Anna melden" }).click();
  await expect(bramPage.getByText("Bedankt voor je melding. Onze moderators bekijken dit gesprek.")).toBeVisible();
  await bramContext.close();
});
