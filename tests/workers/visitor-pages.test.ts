/**
 * The public pages are plain HTML for visitors (ADR 032): no script files, no module preloads and
 * no hydration data, only the small inline scripts their routes ask for, each with the page's CSP
 * nonce. A signed-in member gets the same page hydrated, as before.
 */
import { describe, expect, it } from "vitest";
import { createMember, loginCookie } from "./factories";
import { get, mainContent } from "./helpers";
import { accountForm, activationToken, postAs } from "./signup-helpers";

/** Every public page a visitor reaches, with the inline scripts it carries (every page but an error page sends the page-hidden beacon). */
const VISITOR_PAGES: [path: string, inline: string[]][] = [
  ["/", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/pricing", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/pages/terms", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/login", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog", "passkey-login"]],
  ["/signup", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/reset-password", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/reset-password/do?token=unknown", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/activate/error", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/account-deleted", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/account-recover?token=unknown", ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog"]],
  ["/lang-config", ["page-hidden-beacon", "entry-warning", "signup-dialog"]],
  ["/no-such-page", ["entry-warning", "language-menu", "signup-dialog"]],
  ["/no/such/page", ["entry-warning", "language-menu", "signup-dialog"]],
];

/** What each inline script can be told by (a line of its own source). */
const INLINE_MARKS: Record<string, string> = {
  "entry-warning": 'document.querySelector("dialog.entry-warning[open]")',
  "language-menu": '".language-menu select"',
  "signup-dialog": 'document.getElementById("signup-dialog")',
  "passkey-login": "/api/passkeys/",
  activate: 'document.getElementById("activate-form")',
  "page-hidden-beacon": '"/api/page-hidden.php", "{}"',
};

async function documentOf(path: string, cookie?: string) {
  const response = await get(path, { cookie });
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(([, attributes, body]) => ({ attributes, body }));
  return { response, html, nonce, scripts };
}

function expectPlainHtml(page: Awaited<ReturnType<typeof documentOf>>, path: string, inline: string[]) {
  expect(page.html, path).not.toMatch(/<script[^>]*\ssrc=/);
  expect(page.html, path).not.toContain("modulepreload");
  expect(page.html, path).not.toContain("__reactRouterContext");
  expect(
    page.scripts.map((script) => script.attributes),
    path,
  ).toEqual(inline.map(() => ` nonce="${page.nonce}"`));
  for (const [index, name] of inline.entries()) expect(page.scripts[index]!.body, `${path}: ${name}`).toContain(INLINE_MARKS[name]);
}

function expectHydrated(page: Awaited<ReturnType<typeof documentOf>>, path: string) {
  expect(page.html, path).toContain("modulepreload");
  expect(page.html, path).toContain("__reactRouterContext");
  for (const [name, mark] of Object.entries(INLINE_MARKS)) {
    if (name !== "page-hidden-beacon") expect(page.html, path).not.toContain(mark);
  }
}

describe("a visitor's public pages", () => {
  it("are plain HTML: no script files, only their nonce'd inline scripts", async () => {
    for (const [path, inline] of VISITOR_PAGES) {
      const page = await documentOf(path);
      expect(page.response.status, path).toBe(path.startsWith("/no") ? 404 : 200);
      expectPlainHtml(page, path, inline);
    }
  });

  it("hold the signup modal's account form in a closed dialog, except on /signup itself", async () => {
    const home = (await documentOf("/")).html;
    expect(home).toMatch(/<dialog id="signup-dialog"[^>]*><template>/);
    expect(home).not.toMatch(/<dialog id="signup-dialog"[^>]*\sopen/);
    expect(home).toContain('action="/signup"');
    // The landing's query travels along to the signup.
    expect((await documentOf("/pricing?network=adnet")).html).toContain('action="/signup?network=adnet"');
    expect((await documentOf("/signup")).html).not.toContain('id="signup-dialog"');
    expect(mainContent((await documentOf("/signup")).html)).toContain('name="intent" value="account"');
  });

  it("offers the passkey login through its inline script, which posts to the passkey API", async () => {
    const main = mainContent((await documentOf("/login?redirectTo=%2Fsettings")).html);
    expect(main).toContain("data-passkey-login");
    expect(main).toContain('data-redirect-to="/settings"');
  });

  it("confirm an activation link with a plain form, pressed by the activation page's inline script", async () => {
    const form = accountForm();
    expect((await postAs("/signup", form)).status).toBe(302);
    let token = "";
    for (let attempt = 0; attempt < 60 && !token; attempt += 1) {
      token = await activationToken(form.email!).catch(() => "");
      if (!token) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const path = `/activate?token=${token}`;
    const page = await documentOf(path);
    expectPlainHtml(page, path, ["page-hidden-beacon", "entry-warning", "language-menu", "signup-dialog", "activate"]);
    expect(mainContent(page.html)).toMatch(/<form[^>]*id="activate-form"[^>]*method="post"/);
  });
});

describe("a signed-in member's view of the same pages", () => {
  it("is hydrated as before, without the visitors' inline scripts", async () => {
    const cookie = await loginCookie(await createMember());
    for (const path of [
      "/",
      "/pricing",
      "/pages/terms",
      "/reset-password",
      "/activate/error",
      "/lang-config",
      "/no-such-page",
      "/no/such/page",
    ]) {
      expectHydrated(await documentOf(path, cookie), path);
    }
  });
});
