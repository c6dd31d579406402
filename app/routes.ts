/**
 * Every route of product.md §2, by name. Layouts group the screens; JSON calls of product.md §7 are
 * resource routes under /api. The developer's tools (the mail and SMS inboxes, the benchmark's
 * baseline page) are not part of a production build (`CLOUDFLARE_ENV=production`) at all.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

const developmentBuild = process.env.CLOUDFLARE_ENV !== "production";
const developmentOnly = <T>(routes: T[]): T[] => (developmentBuild ? routes : []);

export default [
  layout("routes/_layouts/default.tsx", [
    index("routes/home.tsx", { id: "index" }),
    route("pricing", "routes/pricing.tsx", { id: "pricing" }),
    route("pages/:page", "routes/pages.$page.tsx", { id: "pages-page" }),
    route("login", "routes/login.tsx", { id: "login" }),
    // Accounts
    route("signup", "routes/signup.tsx", { id: "signup" }),
    route("signup-matches", "routes/signup-matches.tsx", { id: "signup-matches" }),
    route("activate", "routes/activate.tsx", { id: "activate" }),
    route("activate/done", "routes/activate.done.tsx", { id: "activate-done" }),
    route("activate/error", "routes/activate.error.tsx", { id: "activate-error" }),
    route("reset-password", "routes/reset-password.tsx", { id: "reset-password" }),
    route("reset-password/do", "routes/reset-password.do.tsx", { id: "reset-password-do" }),
    route("settings", "routes/settings.tsx", { id: "settings" }),
    route("notifications", "routes/notifications.tsx", { id: "notifications" }),
    route("notifications/unsubscribe", "routes/notifications.unsubscribe.tsx", { id: "notifications-unsubscribe" }),
    route("mail-change/do", "routes/mail-change.do.tsx", { id: "mail-change-do" }),
    route("account-deleted", "routes/account-deleted.tsx", { id: "account-deleted" }),
    route("account-recover", "routes/account-recover.tsx", { id: "account-recover" }),
    ...developmentOnly([
      route("dev/mail", "routes/dev.mail.tsx", { id: "dev-mail" }),
      route("dev/sms", "routes/dev.sms.tsx", { id: "dev-sms" }),
    ]),
    // Profiles and photos
    route("members/:id", "routes/members.$id.tsx", { id: "members-id" }),
    route("likes/m/:id", "routes/members.$id.tsx", { id: "likes-m-id" }),
    route("profile", "routes/profile.tsx", { id: "profile" }),
    route("complaints", "routes/complaints.tsx", { id: "complaints" }),
    route("moderation", "routes/moderation.tsx", { id: "moderation" }),
    // Discovery
    route("members", "routes/members.tsx", { id: "members" }),
    route("likes", "routes/likes.tsx", { id: "likes" }),
    route("likes/:type", "routes/likes.$type.tsx", { id: "likes-type" }),
    route("swipe-game", "routes/swipe-game.tsx", { id: "swipe-game" }),
    route("match-finder", "routes/match-finder.tsx", { id: "match-finder" }),
    // Chat
    route("chats", "routes/chats.tsx", { id: "chats" }),
    // Credits and payments
    route("credits", "routes/credits.tsx", { id: "credits" }),
    route("credits/repeat-order", "routes/credits.repeat-order.tsx", { id: "credits-repeat-order" }),
    route("credits/:id/:paymentmethod?", "routes/credits.$id.$paymentmethod.tsx", { id: "credits-id-paymentmethod" }),
    route("premium", "routes/premium.tsx", { id: "premium" }),
    route("transactions/:id?", "routes/transactions.$id.tsx", { id: "transactions-id" }),
    route("directdebit", "routes/directdebit.tsx", { id: "directdebit" }),
    // ── Acquisition (product.md §10): the conversion report and the {token} short links ──
    // `:token` takes single-segment paths no static route claims; an unknown token is the 404.
    route("conversions", "routes/conversions.tsx", { id: "conversions" }),
    // ── The operator console (ADR 054): admins only, the 404 of a missing page for everyone else ──
    layout("routes/admin.tsx", { id: "admin" }, [
      route("admin", "routes/admin._index.tsx", { id: "admin-home" }),
      route("admin/verify", "routes/admin.verify.tsx", { id: "admin-verify" }),
      route("admin/audit", "routes/admin.audit.tsx", { id: "admin-audit" }),
      route("admin/members", "routes/admin.members.tsx", { id: "admin-members" }),
      route("admin/members/:id", "routes/admin.members.$id.tsx", { id: "admin-members-id" }),
      route("admin/orders", "routes/admin.orders.tsx", { id: "admin-orders" }),
      route("admin/mail", "routes/admin.mail.tsx", { id: "admin-mail" }),
      route("admin/sites", "routes/admin.sites.tsx", { id: "admin-sites" }),
      route("admin/prices", "routes/admin.prices.tsx", { id: "admin-prices" }),
      route("admin/acquisition", "routes/admin.acquisition.tsx", { id: "admin-acquisition" }),
      route("admin/discount-codes", "routes/admin.discount-codes.tsx", { id: "admin-discount-codes" }),
      route("admin/orders/export.csv", "routes/admin.orders.export.tsx", { id: "admin-orders-export" }),
    ]),
    // ── end of the console ──
    route(":token", "routes/token.tsx", { id: "token" }),
    // ── end of acquisition ──
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("routes/_layouts/chat.tsx", [
    route("chats/:id", "routes/chats.$id.tsx", { id: "chats-id" }),
    route("members/:id/chat", "routes/members.$id.chat.tsx", { id: "members-id-chat" }),
  ]),
  layout("routes/_layouts/empty.tsx", [
    route("lang-config", "routes/lang-config.tsx", { id: "lang-config" }),
    route("complete-signup", "routes/complete-signup.tsx", { id: "complete-signup" }),
  ]),

  // ── Landers (product.md §10 "Landers", ADR 030): the lander layout, plain HTML without scripts ──
  layout("routes/_layouts/lander.tsx", { id: "lander" }, [
    route("landers/tinderswipe", "routes/landers.tinderswipe.tsx", { id: "landers-tinderswipe" }),
    route("landers/alonetonight/:slug?", "routes/landers.alonetonight.$slug.tsx", { id: "landers-alonetonight" }),
    route("landers/collagelanding/:slug?", "routes/landers.collagelanding.$slug.tsx", { id: "landers-collagelanding" }),
    route("landers/gallery/:slug?", "routes/landers.gallery.$slug.tsx", { id: "landers-gallery" }),
    route("landers/iconslanding/:slug?", "routes/landers.iconslanding.$slug.tsx", { id: "landers-iconslanding" }),
    route("landers/maplanding/:slug?", "routes/landers.maplanding.$slug.tsx", { id: "landers-maplanding" }),
    route("landers/socialnetwork/:slug?", "routes/landers.socialnetwork.$slug.tsx", { id: "landers-socialnetwork" }),
    route("landers/transitionsvideolanding/:slug?", "routes/landers.transitionsvideolanding.$slug.tsx", {
      id: "landers-transitionsvideolanding",
    }),
    route("landers/video/:slug?", "routes/landers.video.$slug.tsx", { id: "landers-video" }),
    route("members/:id/landing", "routes/members.$id.landing.tsx", { id: "members-id-landing" }),
    route("members/:id/signup", "routes/members.$id.signup.tsx", { id: "members-id-signup" }),
    route("members/:id/landing2/:slug?", "routes/members.$id.landing2.$slug.tsx", { id: "members-id-landing2-slug" }),
    route("members/:id/landing3/:slug?", "routes/members.$id.landing3.$slug.tsx", { id: "members-id-landing3-slug" }),
  ]),
  // ── end of the landers ──

  route("entry-warning", "routes/entry-warning.ts"),
  route("manifest.webmanifest", "routes/web-app-manifest.ts"),
  route("photos/*", "routes/photos.$.ts"),
  route("api/settings.php", "routes/api/settings.ts"),
  route("api/interests.php", "routes/api/interests.ts"),
  route("api/regions.php", "routes/api/regions.ts"),
  route("api/companyinfo.php", "routes/api/companyinfo.ts"),
  route("api/user.php", "routes/api/user.ts"),
  route("api/logout.php", "routes/api/logout.ts"),
  route("activate/resend", "routes/api/activate-resend.ts"),
  route("settings/export", "routes/api/settings-export.ts"),
  route("api/passkeys/:step", "routes/api/passkeys.ts"),
  route("api/geocode.php", "routes/api/geocode.ts"),
  route("api/blocks.php", "routes/api/blocks.ts"),
  route("api/photos.php", "routes/api/photos.ts"),
  route("api/likes.php", "routes/api/likes.ts"),
  route("api/auto-like.php", "routes/api/auto-like.ts"),
  route("api/chats.php", "routes/api/chats.ts"),
  route("api/chat.php", "routes/api/chat.ts"),
  route("api/chat-typing.php", "routes/api/chat-typing.ts"),
  route("api/chat-photo.php", "routes/api/chat-photo.ts"),
  route("api/gifs.php", "routes/api/gifs.ts"),
  route("api/payment-webhook.php", "routes/api/payment-webhook.ts"),
  route("api/mail-webhook.php", "routes/api/mail-webhook.ts"),
  route("api/discountcode.php", "routes/api/discountcode.ts"),
  // ── Acquisition (product.md §10): beacon, consent, search engines, link previews ──
  route("api/page-hidden.php", "routes/api/page-hidden.ts"),
  route("consent", "routes/consent.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("og-image.png", "routes/og-image.ts"),
  // ── end of acquisition ──
  ...developmentOnly([route("__bench/baseline", "routes/bench.baseline.ts")]),
] satisfies RouteConfig;
