/**
 * The addresses that code outside the route modules and components writes: links in mails and
 * pushes, the sitemap's and robots.txt's lists, the browser helpers that call the JSON API.
 * Routes and components use React Router's typed `href()` instead; domain code must not import
 * React Router (tests/unit/layers.test.ts), so it takes its addresses from here. Every entry is a
 * route of app/routes.ts: tests/unit/addresses.test.ts checks that, and fails on an address
 * spelled out anywhere else in app/ (ADR 058).
 */
export const urls = {
  home: "/",
  login: "/login",
  signup: "/signup",
  pricing: "/pricing",
  members: "/members",
  member: (profileId: number) => `/members/${profileId}`,
  /** A member lander (`landing`, `signup`, `landing2`, `landing3`) as the conversion report counts it. */
  memberLander: (profileId: number, variant: string) => `/members/${profileId}/${variant}`,
  lander: (design: string) => `/landers/${design}`,
  likes: "/likes",
  chats: "/chats",
  chat: (conversationId: number) => `/chats/${conversationId}`,
  premium: "/premium",
  profile: "/profile",
  settings: "/settings",
  notifications: "/notifications",
  credits: "/credits",
  transactions: "/transactions",
  directDebit: "/directdebit",
  swipeGame: "/swipe-game",
  matchFinder: "/match-finder",
  moderation: "/moderation",
  conversions: "/conversions",
  /** A content page (terms, privacy, cookies, ban, …). */
  page: (page: string) => `/pages/${page}`,
  // Links with a one-time token (mails).
  activate: (token: string) => `/activate?token=${token}`,
  resetPassword: (token: string) => `/reset-password/do?token=${token}`,
  accountRecover: (token: string) => `/account-recover?token=${token}`,
  mailChange: (token: string) => `/mail-change/do?token=${token}`,
  unsubscribe: (token: string) => `/notifications/unsubscribe?token=${token}`,
  // The JSON API of product.md §7 as the browser's API helper (app/utils/call-api.ts) knows it.
  api: { user: "/api/user.php" },
  /** Whole areas by their prefix (robots.txt keeps crawlers out): the JSON calls and the photo files. */
  areas: { api: "/api/", photos: "/photos/" },
} as const;
