/**
 * Passkeys in the browser (ADR 009), with Chromium's virtual authenticator standing in for a
 * phone's fingerprint: add a passkey in settings, log out, sign in with it on /login, remove it;
 * confirm with the password first when the sign-in is older than 10 minutes (ADR 039).
 */
import { expect, test, type Page } from "./test";
import { createMember, db } from "./factories";

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signedInEmail(page: Page) {
  const response = await page.request.get("/api/user.php", { headers: { "X-Requested-With": "XMLHttpRequest" } });
  const body = (await response.json()) as { user: { email?: string } | null };
  return body.user ? (body.user.email ?? "signed in") : null;
}

test("a member adds a passkey in settings and signs in with it, without an e-mail address", async ({ page }) => {
  const member = await createMember({ name: "Passkeyfan" });
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

  await page.goto("/login?redirectTo=%2Fsettings");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);

  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByText("Je hebt nog geen passkeys.")).toBeVisible();
  // The login was a plain form post (no React on a visitor's page, ADR 032), so settings loads as a new
  // document: its passkey form works once the button is enabled.
  await expect(section.getByRole("button", { name: "Passkey toevoegen" })).toBeEnabled();
  await section.getByLabel("Naam (optioneel)").fill("Mijn laptop");
  await section.getByRole("button", { name: "Passkey toevoegen" }).click();
  await expect(section.getByRole("status")).toHaveText("Je passkey is toegevoegd. Voortaan kun je ermee inloggen.");
  await expect(section.getByText("Mijn laptop")).toBeVisible();
  await expect(section.getByText("Nog niet gebruikt")).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  await page.goto("/api/logout.php");
  expect(await signedInEmail(page)).toBeNull();

  await page.goto("/login?redirectTo=%2Fsettings");
  // The visitor's login page has no React: the ceremony is its small inline script (ADR 032).
  await expect(page.locator('link[rel="modulepreload"]')).toHaveCount(0);
  await page.getByRole("button", { name: "Inloggen met een passkey" }).click();
  await expect(page).toHaveURL(/\/settings$/);
  expect(await signedInEmail(page)).not.toBeNull();
  await expect(section.getByText(/Laatst gebruikt op/)).toBeVisible();

  await section.getByRole("button", { name: "Mijn laptop verwijderen" }).click();
  await section.getByRole("button", { name: "Ja, verwijderen" }).click();
  await expect(section.getByRole("status")).toHaveText("De passkey is verwijderd.");
  await expect(section.getByText("Je hebt nog geen passkeys.")).toBeVisible();

  // The authenticator still holds the credential, but the site no longer knows it.
  await page.goto("/api/logout.php");
  await page.goto("/login");
  await page.getByRole("button", { name: "Inloggen met een passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("Inloggen met deze passkey is niet gelukt.");
  expect(await signedInEmail(page)).toBeNull();
});

test("the passkey button is not offered by browsers without WebAuthn", async ({ browser }) => {
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(globalThis, "PublicKeyCredential", { value: undefined, configurable: true });
  });
  const page = await context.newPage();
  await page.goto("/login");
  await expect(page.getByRole("button", { name: "Inloggen", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Inloggen met een passkey" })).toHaveCount(0);
  await context.close();
});

test("the passkey login works on /login reached from a page that hydrates, where React renders it", async ({ page }) => {
  // A visitor's search page hydrates; the top bar's login link is then a client-side navigation.
  await page.goto("/members");
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  await page.locator(".topnav").getByRole("link", { name: "Inloggen" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The same ceremony script, loaded by the page: the button shows and starts the ceremony.
  const ceremony = page.waitForRequest((request) => request.url().endsWith("/api/passkeys/login-options") && request.method() === "POST");
  await page.getByRole("button", { name: "Inloggen met een passkey" }).click();
  await ceremony;
  expect(documents).toEqual([]);
});

test("a member whose sign-in grew older than 10 minutes confirms with the password, then adds the passkey", async ({ page }) => {
  const member = await createMember({ name: "Laatkomer" });
  await addVirtualAuthenticator(page);
  await page.goto("/login?redirectTo=%2Fsettings");
  await page.getByLabel("E-mailadres").fill(member.email);
  await page.getByLabel("Wachtwoord").fill(member.password);
  await page.getByRole("button", { name: "Inloggen", exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section.getByRole("button", { name: "Passkey toevoegen" })).toBeEnabled();

  // The page stays open while the sign-in grows 11 minutes old.
  const client = db();
  await client.execute({
    sql: "UPDATE sessions SET created_at = ?, authenticated_at = NULL WHERE user_id = ?",
    args: [Math.floor(Date.now() / 1000) - 11 * 60, member.userId],
  });
  client.close();

  await section.getByRole("button", { name: "Passkey toevoegen" }).click();
  await expect(section.getByRole("alert")).toHaveText("Bevestig voor je veiligheid dat jij het bent voordat je een passkey toevoegt.");
  // In the add form's place: the password, to confirm it is the member.
  await expect(section.getByRole("button", { name: "Passkey toevoegen" })).toHaveCount(0);
  await section.getByLabel("Je huidige wachtwoord").fill(member.password);
  await section.getByRole("button", { name: "Bevestigen", exact: true }).click();
  await expect(section.getByRole("status")).toHaveText("Bedankt, dat is bevestigd. Je kunt nu verder.");

  await section.getByRole("button", { name: "Passkey toevoegen" }).click();
  await expect(section.getByRole("status")).toHaveText("Je passkey is toegevoegd. Voortaan kun je ermee inloggen.");
  await expect(section.getByText("Passkey 1")).toBeVisible();
});
