/**
 * The small scripts of pages that load no script files (ADR 030, ADR 032), and the one that starts
 * a hydrated page's (ADR 063): each `<name>.inline.js` as it is, written by app/http/document.server.ts at the end of <body> with the page's CSP nonce,
 * when a matched route's `handle` lists it in `inlineScripts` (app/browser/page-scripts.ts).
 * tools/bundle-budget.mjs counts the same files.
 */
import type { InlineScript } from "~/browser/page-scripts";
import entryWarning from "~/browser/entry-warning.inline.js?raw";
import activate from "~/browser/activate.inline.js?raw";
import languageMenu from "~/browser/language-menu.inline.js?raw";
import passkeyLogin from "~/browser/passkey-login.inline.js?raw";
import signupDialog from "~/browser/signup-dialog.inline.js?raw";
import startScripts from "~/browser/start-scripts.inline.js?raw";

export const INLINE_SCRIPTS: Record<InlineScript, string> = {
  activate: activate.trim(),
  "entry-warning": entryWarning.trim(),
  "language-menu": languageMenu.trim(),
  "passkey-login": passkeyLogin.trim(),
  "signup-dialog": signupDialog.trim(),
  "start-scripts": startScripts.trim(),
};

export function inlineScriptTags(names: readonly InlineScript[], nonce: string): string {
  return names.map((name) => `<script nonce="${nonce}">${INLINE_SCRIPTS[name]}</script>`).join("");
}
