/**
 * The operator console (ADR 054) in a phone-sized browser: an admin passes the step-up with the
 * code mailed to them, bans a member who then cannot sign in, creates a site whose host name a
 * visitor then gets, and finds both in the audit trail.
 */
import { expect, test, type Page } from "@playwright/test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";

test.use({ viewport: { width: 360, height: 740 } });

async function makeAdmin() {
  const admin = await createMember({ name: "Beheer" });
  const client = db();
  await client.execute({ sql: "UPDATE users SET role = 'admin' WHERE id = ?", args: [admin.userId] });
  client.close();
  return admin;
}

async function latestCode(email: string): Promise<string> {
  const client = db();
  try {
    for (let attempt = 0; attempt < 50; attempt++) {
      const rows = await client.execute({
        sql: "SELECT subject FROM mail_outbox WHERE to_address = ? AND template = 'admin_code' ORDER BY id DESC LIMIT 1",
        args: [email],
      });
      const code = /\b(\d{6})\b/.exec(String(rows.rows[0]?.subject ?? ""))?.[1];
      if (code) return code;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("no step-up code");
  } finally {
    client.close();
  }
}

async function openConsole(page: Page, admin: { email: string; password: string }) {
  await logIn(page, admin.email, admin.password);
  await page.goto("/admin/members");
  await expect(page).toHaveURL(/\/admin\/verify/);
  await page.getByRole("button", { name: "Mail me een code" }).click();
  await expect(page.getByText(`We hebben een code van 6 cijfers naar ${admin.email} gestuurd.`)).toBeVisible();
  await page.getByLabel("Code van 6 cijfers").fill(await latestCode(admin.email));
  await page.getByRole("button", { name: "Open de console" }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
}

test("an operator bans a member, who then cannot sign in, and the audit trail lists it", async ({ page, browser }) => {
  const admin = await makeAdmin();
  const member = await createMember({ name: "Oplichter" });
  await openConsole(page, admin);

  await page.getByLabel("Zoek een lid").fill(member.email);
  await page.getByRole("button", { name: "Zoeken" }).click();
  await page.getByRole("link", { name: member.email }).click();
  await expect(page.getByRole("heading", { name: "Oplichter", level: 1 })).toBeVisible();

  const ban = page.locator("form").filter({ has: page.getByRole("button", { name: "Blokkeer dit lid" }) });
  await ban.getByLabel("Reden").fill("x");
  await ban.getByRole("button", { name: "Blokkeer dit lid" }).click();
  await expect(ban.getByText("Geef een reden van minstens 3 tekens.")).toBeVisible();
  await ban.getByLabel("Reden").fill("Nepprofiel, vraagt om geld");
  await ban.getByRole("button", { name: "Blokkeer dit lid" }).click();
  await expect(page.getByText("Het lid is geblokkeerd en heeft een e-mail gekregen.")).toBeVisible();
  await expect(page.getByTestId("member-status")).toHaveText("Geblokkeerd");

  // The member tries to sign in.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await memberPage.goto("/login");
  await memberPage.getByLabel("E-mailadres").fill(member.email);
  await memberPage.getByLabel("Wachtwoord").fill(member.password);
  await memberPage.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(memberPage.getByText("Login mislukt, probeer opnieuw")).toBeVisible();
  await memberContext.close();

  await page.getByRole("link", { name: "Logboek" }).click();
  await page.getByLabel("Zoeken").fill(String(member.userId));
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByRole("cell", { name: "Nepprofiel, vraagt om geld" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Geblokkeerd", exact: true })).toBeVisible();
});

test("an operator creates a site with its own host name, a visitor on that host gets it, and the audit trail lists it", async ({
  page,
  browser,
  baseURL,
}) => {
  const admin = await makeAdmin();
  await openConsole(page, admin);
  const suffix = Math.random().toString(36).slice(2, 8);
  await page.getByRole("link", { name: "Sites" }).click();
  await page.getByLabel("Sleutel").fill(`e2e-${suffix}`);
  await page.getByLabel("Naam", { exact: true }).fill(`Nieuwe Site ${suffix}`);
  await page.getByLabel("Domein (hostnaam)").fill(`e2e-${suffix}.localhost`);
  // Its own title for the home page, among every other setting (copied from the default site).
  const settings = page.getByLabel("Instellingen (JSON)");
  const values = JSON.parse(await settings.inputValue()) as Record<string, unknown>;
  await settings.fill(JSON.stringify({ ...values, indexTitle: `Nieuwe Site ${suffix}` }, null, 2));
  await page.getByRole("button", { name: "Maak de site aan" }).click();
  await expect(page.getByText("De site is aangemaakt.")).toBeVisible();

  const port = new URL(baseURL ?? "http://localhost").port;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`http://e2e-${suffix}.localhost:${port}/`);
  await expect(visitor).toHaveTitle(new RegExp(`Nieuwe Site ${suffix}`));

  await page.getByRole("link", { name: "Logboek" }).click();
  await page.getByLabel("Soort").selectOption("site");
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByText(`e2e-${suffix}.localhost`).first()).toBeVisible();
});
