/**
 * The operator console (ADR 054, 055) in a phone-sized browser: an admin passes the step-up with
 * the code mailed to them, bans a member who then cannot sign in, creates a site whose host name a
 * visitor then gets, makes a discount code a member then pays with at Mollie (the simulator) and
 * refunds that order, and finds each of these in the audit trail.
 */
import { expect, test, type Page } from "./test";
import { createMember, db } from "./factories";
import { logIn } from "./log-in";
import { acceptAndPay, settleAtProvider } from "./mollie-checkout";

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

test("an operator makes a discount code a member pays with, refunds that order, and the audit trail lists both", async ({
  page,
  browser,
}) => {
  // Two people, two sign-ins and a payment at the simulator: a long journey on a shared machine.
  test.slow();
  const admin = await makeAdmin();
  const member = await createMember({ name: "Koper", credits: 0 });
  await openConsole(page, admin);

  // A personal code of 20% for this member.
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole("link", { name: "Kortingscodes" }).click();
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByLabel("Korting (%)").fill("20");
  await page.getByLabel("Lid-id (een persoonlijke code)").fill(String(member.userId));
  await page.getByLabel("Geldig tot en met").fill("2099-12-31");
  await page.getByRole("button", { name: "Maak de code aan" }).click();
  await expect(page.getByText("De code is aangemaakt.")).toBeVisible();

  // The member pays 100 credits (€ 14,95) with it: € 11,96.
  const memberContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const memberPage = await memberContext.newPage();
  await logIn(memberPage, member.email, member.password);
  await memberPage.goto("/credits/p0");
  const modal = memberPage.getByRole("dialog", { name: "Kortingscode" });
  await expect(async () => {
    await memberPage.getByRole("button", { name: "Heb je een kortingscode?" }).click();
    await expect(modal).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await modal.getByLabel("Vul je kortingscode in").fill(code);
  await modal.getByLabel("Vul je kortingscode in").press("Enter");
  await expect(memberPage.getByText(`Kortingscode ${code}: 20% korting`)).toBeVisible();
  await acceptAndPay(memberPage, "Betaal € 11,96");
  await settleAtProvider(memberPage, "Paid");
  await expect(memberPage.getByRole("heading", { name: "Betaling gelukt" })).toBeVisible();
  await expect(memberPage.getByText("Je saldo is nu 100 credits.")).toBeVisible();
  const orderId = /[?&]order=(\d+)/.exec(memberPage.url())?.[1];
  expect(orderId).toBeTruthy();

  // The operator refunds it: Mollie gives the money back, the credits leave the balance.
  await page.goto(`/admin/orders?id=${orderId}`);
  await expect(page.getByTestId("order-webhooks").or(page.getByText("Nog geen webhooks ontvangen."))).toBeVisible();
  await page.getByRole("button", { name: "Betaal € 11,96 terug" }).click();
  await expect(page.getByText("De bestelling is terugbetaald.")).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveText("Terugbetaald");

  // The member's balance and receipt show it.
  await memberPage.goto("/credits/repeat-order");
  await expect(memberPage.getByText("Je hebt nu 0 credits.")).toBeVisible();
  await memberPage.goto(`/transactions/${orderId}`);
  await expect(memberPage.getByRole("heading", { name: `Bestelling #${orderId}` })).toBeVisible();
  await expect(memberPage.getByText("Terugbetaald", { exact: true })).toBeVisible();
  await memberContext.close();

  // The audit trail lists the code and the refund.
  await page.getByRole("link", { name: "Logboek" }).click();
  await page.getByLabel("Zoeken").fill(code);
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByRole("cell", { name: "Aangemaakt", exact: true })).toBeVisible();
  await page.getByLabel("Zoeken").fill(String(orderId));
  await page.getByLabel("Soort").selectOption("order");
  await page.getByRole("button", { name: "Zoeken" }).click();
  await expect(page.getByRole("cell", { name: "Terugbetaald", exact: true })).toBeVisible();
});

test("the prices and acquisition pages fit a 360 px phone and name a mistake on its field", async ({ page }) => {
  const admin = await makeAdmin();
  await openConsole(page, admin);
  const fits = () => page.locator("html").evaluate((html) => html.scrollWidth <= (html.ownerDocument.defaultView?.innerWidth ?? 0));
  const consoleNav = page.getByRole("navigation", { name: "Onderdelen van de console" });

  await consoleNav.getByRole("link", { name: "Acquisitie" }).click();
  await expect(page.getByRole("heading", { name: "Acquisitie", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open het conversierapport" })).toBeVisible();
  expect(await fits()).toBe(true);

  await consoleNav.getByRole("link", { name: "Prijzen" }).click();
  await expect(page.getByRole("heading", { name: "Prijzen", level: 1 })).toBeVisible();
  expect(await fits()).toBe(true);
  // A mistake is named on its field, and nothing is saved.
  const eur = page.locator("form").filter({ has: page.getByRole("heading", { name: "Prijzen in EUR" }) });
  await eur.getByLabel("Bedrag van p0").fill("0,10");
  await eur.getByRole("button", { name: "Opslaan" }).click();
  await expect(page.getByText("Vul een bedrag van minstens 0,50 in, met hooguit twee decimalen.")).toBeVisible();
  expect(await fits()).toBe(true);
});
