/**
 * Every route of spec §2, by name. Layouts group the screens; JSON calls of spec §7 are resource
 * routes under /api.
 */
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/_layouts/default.tsx", [
    index("routes/home.tsx", { id: "index" }),
    route("pricing", "routes/pricing.tsx", { id: "pricing" }),
    route("pages/:page", "routes/pages.$page.tsx", { id: "pages-page" }),
    route("login", "routes/login.tsx", { id: "login" }),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("routes/_layouts/empty.tsx", [route("lang-config", "routes/lang-config.tsx", { id: "lang-config" })]),

  route("entry-warning", "routes/entry-warning.ts"),
  route("photos/*", "routes/photos.$.ts"),
  route("api/settings.php", "routes/api/settings.ts"),
  route("api/interests.php", "routes/api/interests.ts"),
  route("api/regions.php", "routes/api/regions.ts"),
  route("api/companyinfo.php", "routes/api/companyinfo.ts"),
  route("api/user.php", "routes/api/user.ts"),
  route("api/logout.php", "routes/api/logout.ts"),
] satisfies RouteConfig;
