/** What a short link's token may be (product.md §10 "Acquisition"), without the database: the console and the tests read it too. */

/** What a token may look like: 3–64 letters, digits, `-` and `_` (anything else is not looked up). */
export const isShortLinkToken = (token: string) => /^[\w-]{3,64}$/.test(token);

/**
 * The first segments of the app's own addresses (app/routes.ts): a link named like one of them could
 * never be followed, because the page answers first (React Router matches without regard to case).
 * `tests/unit/short-link-tokens.test.ts` holds this list to the routes.
 */
export const RESERVED_SHORT_LINK_TOKENS: ReadonlySet<string> = new Set([
  "__bench",
  "account-deleted",
  "account-recover",
  "activate",
  "admin",
  "api",
  "chats",
  "complaints",
  "complete-signup",
  "consent",
  "conversions",
  "credits",
  "dev",
  "directdebit",
  "entry-warning",
  "landers",
  "lang-config",
  "likes",
  "login",
  "mail-change",
  "match-finder",
  "members",
  "moderation",
  "notifications",
  "pages",
  "photos",
  "premium",
  "pricing",
  "profile",
  "reset-password",
  "settings",
  "signup",
  "signup-matches",
  "swipe-game",
  "transactions",
]);

/** A token an operator may give a new link: well-formed and not one of the app's own addresses. */
export const isReservedShortLinkToken = (token: string) => RESERVED_SHORT_LINK_TOKENS.has(token.toLowerCase());
