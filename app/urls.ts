/**
 * The addresses that code outside the route modules and components writes: links in mails and
 * pushes, the sitemap's and robots.txt's lists, the browser helpers that call the JSON API.
 * Routes and components use React Router's typed `href()` instead; domain code must not import
 * React Router (tests/unit/layers.test.ts), so it takes its addresses from here. Every entry is a
 * route of app/routes.ts: tests/unit/addresses.test.ts checks that, and fails on an address
 * spelled out anywhere else in app/ (ADR 058). Import it as a namespace (`import * as urls from
 * "~/urls"`): each address is its own export, so a browser bundle carries only those it uses.
 */
export const home = "/";
export const login = "/login";
export const signup = "/signup";
export const pricing = "/pricing";
export const members = "/members";
export const member = (profileId: number) => `/members/${profileId}`;
/** A member lander (`landing`, `signup`, `landing2`, `landing3`) as the conversion report counts it. */
export const memberLander = (profileId: number, variant: string) => `/members/${profileId}/${variant}`;
export const lander = (design: string) => `/landers/${design}`;
export const likes = "/likes";
export const chats = "/chats";
export const chat = (conversationId: number) => `/chats/${conversationId}`;
export const premium = "/premium";
export const profile = "/profile";
export const settings = "/settings";
export const notifications = "/notifications";
export const credits = "/credits";
export const transactions = "/transactions";
export const directDebit = "/directdebit";
export const swipeGame = "/swipe-game";
export const matchFinder = "/match-finder";
export const moderation = "/moderation";
export const conversions = "/conversions";
/** Where the cookie banner posts the visitor's choice. */
export const consent = "/consent";
/** A content page (terms, privacy, cookies, ban, …). */
export const page = (name: string) => `/pages/${name}`;
// Links with a one-time token (mails).
export const activate = (token: string) => `/activate?token=${token}`;
export const resetPassword = (token: string) => `/reset-password/do?token=${token}`;
export const accountRecover = (token: string) => `/account-recover?token=${token}`;
export const mailChange = (token: string) => `/mail-change/do?token=${token}`;
export const unsubscribe = (token: string) => `/notifications/unsubscribe?token=${token}`;
/** The user call of product.md §7, as the browser's API helper (app/utils/call-api.ts) knows it. */
export const apiUser = "/api/user.php";
/** Whole areas by their prefix (robots.txt keeps crawlers out): the JSON calls and the photo files. */
export const apiArea = "/api/";
export const photosArea = "/photos/";
