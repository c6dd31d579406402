/**
 * /admin — the operator console's layout (ADR 054). Every console loader and action starts with
 * `requireAdmin` (the 404 of a page that does not exist for anyone but an admin; the workerd test
 * tests/workers/admin-console.test.ts goes through every route); this layout's middleware sends an
 * admin whose session has not passed the step-up to /admin/verify. Its loader sends the console's
 * words (app/components/admin/AdminTranslation.tsx).
 */
import { data, NavLink, Outlet, redirect, href } from "react-router";
import type { Route } from "./+types/admin";
import { AdminTranslation, type AdminStrings } from "~/components/admin/AdminTranslation";
import { getServices } from "~/http/context.server";
import { getUser, hasSteppedUp } from "~/http/guards.server";
import { getLocale } from "~/http/i18n.server";
import { resources } from "~/i18n/resources.server";
import { useTranslation } from "~/i18n/translation";
import stylesheet from "~/styles/admin.css?url";

const VERIFY_PATH = href("/admin/verify");

/**
 * Before any console loader or action runs, an admin whose session has not passed the step-up goes
 * to /admin/verify. Anyone else passes on to the loaders and actions, which answer the 404 (a 404
 * thrown here would render without the root's data: not the same page as a missing one).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    const user = getUser(context);
    const url = new URL(request.url);
    const path = url.pathname.replace(/\.data$/, "");
    if (user?.role === "admin" && path !== VERIFY_PATH && !hasSteppedUp(user, getServices(context).now())) {
      throw redirect(`${VERIFY_PATH}?redirectTo=${encodeURIComponent(path + url.search)}`);
    }
    return next();
  },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet, precedence: "default" }];

export function loader({ context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (user?.role !== "admin") throw data(null, { status: 404 });
  return {
    strings: (resources[getLocale(context)]?.admin ?? {}) as AdminStrings,
    steppedUp: hasSteppedUp(user, getServices(context).now()),
  };
}

const SECTIONS = [
  [href("/admin"), "home"],
  [href("/admin/members"), "members"],
  [href("/admin/orders"), "orders"],
  [href("/admin/discount-codes"), "codes"],
  [href("/admin/sites"), "sites"],
  [href("/admin/prices"), "prices"],
  [href("/admin/acquisition"), "acquisition"],
  [href("/admin/mail"), "mail"],
  [href("/admin/audit"), "audit"],
  [href("/moderation"), "moderation"],
  [href("/conversions"), "conversions"],
] as const;

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminTranslation strings={loaderData.strings}>
      <div className="admin">
        {loaderData.steppedUp && <AdminNav />}
        <Outlet />
      </div>
    </AdminTranslation>
  );
}

function AdminNav() {
  const { t } = useTranslation();
  return (
    <nav className="admin-nav" aria-label={t("admin:nav.label")}>
      <ul>
        {SECTIONS.map(([to, key]) => (
          <li key={to}>
            <NavLink to={to} end={to === href("/admin")}>
              {t(`admin:nav.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex" }];
