/**
 * Photos in the browser: a member uploads a phone photo carrying GPS EXIF on /profile and the
 * served file has none; a moderator approves it on /moderation; another member then sees it on
 * the profile page. Plus the profile-photo alert and its dismissal.
 */
import { expect, test, type Browser, type Page } from "./test";
import { SECRET_DESCRIPTION, contains, exifSegment, spliceAfterSoi } from "../workers/image-fixtures";
import { createMember } from "./factories";
import { logIn } from "./log-in";
import { drawnJpeg } from "./drawn-photo";

const DEMO_MODERATOR = { email: "moderator@example.com", password: "demo1234!demo" };

async function signedInPage(browser: Browser, email: string, password: string) {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, email, password);
  return page;
}

/** A phone photo: a JPEG drawn by the browser with an EXIF block (GPS position, description) spliced in. */
async function phonePhoto(page: Page): Promise<Buffer> {
  const photo = spliceAfterSoi(new Uint8Array(await drawnJpeg(page, { width: 900, height: 1200 })), exifSegment(1));
  expect(contains(photo, SECRET_DESCRIPTION)).toBe(true);
  return Buffer.from(photo);
}

type OwnPhoto = { id: number; url: string; thumbUrl: string; status: string; isMain: boolean };

async function ownPhotos(page: Page): Promise<OwnPhoto[]> {
  return ((await (await page.request.get("/api/photos.php")).json()) as { photos: OwnPhoto[] }).photos;
}

function expectNoGps(bytes: Buffer) {
  const served = new Uint8Array(bytes);
  expect([...served.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  expect(contains(served, "Exif")).toBe(false);
  expect(contains(served, SECRET_DESCRIPTION)).toBe(false);
  expect(contains(served, new Uint8Array([52, 0, 0, 0, 1, 0, 0, 0, 22, 0, 0, 0]))).toBe(false); // GPS latitude 52° 22′
}

test("a member uploads a photo with GPS on /profile, a moderator approves it, another member sees it", async ({ browser, page }) => {
  const name = `Fotograaf${Date.now().toString(36)}`;
  const member = await createMember({ name });
  await logIn(page, member.email, member.password);

  await page.goto("/profile");
  const photo = await phonePhoto(page);
  await page.getByLabel("Foto's toevoegen").setInputFiles({ name: "IMG_2024.jpg", mimeType: "image/jpeg", buffer: photo });
  const manager = page.locator(".photo-manager");
  await expect(manager.locator(".photo-item")).toHaveCount(1, { timeout: 20_000 });
  await expect(manager.locator(".photo-item").first()).toContainText("Wacht op goedkeuring");
  await expect(manager.locator(".photo-item").first()).toContainText("Hoofdfoto");
  await expect(manager.getByText("1 van 3 foto's")).toBeVisible();

  // The served photo is a fresh JPEG without the GPS position.
  const [uploaded] = await ownPhotos(page);
  expect(uploaded).toMatchObject({ status: "pending", isMain: true });
  const served = await page.request.get(uploaded!.url);
  expect(served.status()).toBe(200);
  expect(served.headers()["x-content-type-options"]).toBe("nosniff");
  expectNoGps(await served.body());

  // The server strips it too when a file arrives as it is (no shrinking in the browser first).
  const direct = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const form = new FormData();
    form.append("photo", new Blob([bytes], { type: "image/jpeg" }), "IMG_2025.jpg");
    const response = await fetch("/api/photos.php", { method: "POST", body: form });
    return { status: response.status, body: (await response.json()) as { photo: OwnPhoto } };
  }, photo.toString("base64"));
  expect(direct.status).toBe(201);
  expectNoGps(await (await page.request.get(direct.body.photo.url)).body());

  // Nobody else sees a pending photo.
  const other = await createMember({ name: "Kijker" });
  const otherPage = await signedInPage(browser, other.email, other.password);
  expect((await otherPage.request.get(uploaded!.url)).status()).toBe(404);

  // The moderator approves it.
  const moderatorPage = await signedInPage(browser, DEMO_MODERATOR.email, DEMO_MODERATOR.password);
  await moderatorPage.goto("/moderation");
  await expect(moderatorPage.getByRole("heading", { level: 1 })).toHaveText("Moderatie");
  const card = moderatorPage.locator(".moderation-photo").filter({ has: moderatorPage.locator(`img[src="${uploaded!.thumbUrl}"]`) });
  await expect(card).toContainText(name);
  await card.getByRole("button", { name: "Goedkeuren" }).click();
  await expect(moderatorPage.getByRole("status").filter({ hasText: "Foto goedgekeurd." })).toBeVisible();
  await expect(moderatorPage.locator(`img[src="${uploaded!.thumbUrl}"]`)).toHaveCount(0);

  // The owner sees the new status; another member sees the photo on the profile page.
  await page.reload();
  await expect(page.locator(".photo-item").first()).toContainText("Goedgekeurd");
  await otherPage.goto(`/members/${member.profileId}`);
  await expect(otherPage.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(otherPage.locator(`img[src="${uploaded!.url}"], img[src="${uploaded!.thumbUrl}"]`).first()).toBeVisible();
  expect((await otherPage.request.get(uploaded!.url)).status()).toBe(200);
});

test("a member refuses a HEIC photo kindly and reorders, hides and deletes photos", async ({ page }) => {
  const member = await createMember({ name: "Ordenaar", paidUser: true });
  await logIn(page, member.email, member.password);
  await page.goto("/profile");
  const input = page.getByLabel("Foto's toevoegen");

  // An iPhone photo the browser cannot read: HEIC gets its own explanation, nothing is sent.
  const heic = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from("ftypheic"),
    Buffer.alloc(4),
    Buffer.from("mif1heic"),
    Buffer.alloc(64),
  ]);
  await input.setInputFiles({ name: "IMG_0001.HEIC", mimeType: "image/heic", buffer: heic });
  await expect(page.getByRole("alert").filter({ hasText: "HEIC-foto's kun je nog niet gebruiken" })).toBeVisible();

  const photo = await phonePhoto(page);
  await input.setInputFiles([
    { name: "een.jpg", mimeType: "image/jpeg", buffer: photo },
    { name: "twee.jpg", mimeType: "image/jpeg", buffer: photo },
  ]);
  const items = page.locator(".photo-item");
  await expect(items).toHaveCount(2, { timeout: 20_000 });
  const [first, second] = await ownPhotos(page);

  await page.getByRole("button", { name: "Foto 2 omhoog" }).click();
  await expect.poll(async () => (await ownPhotos(page)).map((own) => own.id)).toEqual([second!.id, first!.id]);

  // The same order by keyboard: the arrow keys on a photo's handle, which keeps the focus.
  const handle = (number: number) => page.getByRole("button", { name: `Foto ${number} verplaatsen: sleep, of gebruik de pijltjestoetsen` });
  // (While a change is being saved, the handles wait.)
  await expect(handle(1)).toHaveAttribute("aria-disabled", "false");
  await handle(1).focus();
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await ownPhotos(page)).map((own) => own.id)).toEqual([first!.id, second!.id]);
  await expect(handle(2)).toBeFocused();

  // And by dragging the handle (pointer events: mouse, pen and touch alike) onto the first place.
  await expect(handle(2)).toHaveAttribute("aria-disabled", "false");
  const from = (await handle(2).boundingBox())!;
  const onto = (await items.nth(0).locator("img").boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(onto.x + onto.width / 2, onto.y + onto.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => (await ownPhotos(page)).map((own) => own.id)).toEqual([second!.id, first!.id]);

  await items.nth(0).getByLabel("Privé").check();
  await expect(items.nth(0)).toContainText("Privé");
  // The main photo stays public.
  await expect(items.nth(1).getByLabel("Privé")).toBeDisabled();

  await page.getByRole("button", { name: "Foto 1 verwijderen" }).click();
  await page.getByRole("button", { name: "Ja, verwijderen" }).click();
  await expect(items).toHaveCount(1);
  expect((await ownPhotos(page)).map((own) => own.id)).toEqual([first!.id]);
});

test("the profile-photo alert asks a member without a photo for one, and stays away once dismissed", async ({ page }) => {
  const member = await createMember({ name: "Zonderfoto" });
  await logIn(page, member.email, member.password);
  await page.goto("/pricing");
  const alert = page.locator(".profile-photo-alert");
  await expect(alert).toBeVisible(); // with the page (ADR 046)
  await expect(alert).toContainText("Voeg een profielfoto toe!");
  await page.goto("/profile");
  await expect(alert).toHaveCount(0); // not on the profile page itself
  await page.goto("/pricing");
  await alert.getByRole("button", { name: "Sluiten" }).click();
  await expect(alert).toHaveCount(0);
  const dismissedAt = Number(await page.evaluate(() => localStorage.getItem("hide-enrich-alert")));
  expect(Math.abs(dismissedAt - Date.now() / 1000)).toBeLessThan(60);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(alert).toHaveCount(0);
});
