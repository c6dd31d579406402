import { useMemo } from "react";
import { Outlet, useRouteLoaderData, href } from "react-router";
import { serverOnly$ } from "vite-env-only/macros";
import type { Route } from "./+types/lander";
import { LanderHeader } from "~/components/landers/LanderHeader";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { Footer, LanguageDisclaimer } from "~/components/layout/Footer";
import type { ScriptsHandle } from "~/browser/page-scripts";
import { getRequestSite } from "~/http/context.server";
import { getUser } from "~/http/guards.server";
import { getLocale } from "~/http/i18n.server";
import { createTranslator, TranslationProvider, useTranslation } from "~/i18n/translation";
import type { Language } from "~/i18n/languages";
import { bounceHref } from "~/acquisition/bounce";
import { landerResources } from "~/landers/lander-i18n.server";
import { chooseLander } from "~/landers/lander-slug";
import type { RootData } from "~/root";
import { localizeSite } from "~/sites/site.server";
import stylesheet from "~/styles/landers.css?url";

/**
 * ADR 030: landers are plain HTML (links and form posts) without script files; their only script is
 * the inline page-hidden beacon of product.md §7 that every page sends (app/acquisition/page-hidden-beacon.server.ts).
 */
export const handle = { scripts: false } satisfies ScriptsHandle;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** The lander's language: its slug's (product.md §10 "Landers"), else the visitor's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const site = getRequestSite(context);
  const slug = "slug" in params ? params.slug : undefined;
  const { language } = chooseLander(slug, { language: getLocale(context) as Language, siteNiche: site.settings.niche });
  const { texts } = localizeSite(site, language);
  return {
    language,
    resources: landerResources(language),
    siteName: site.name,
    fictionalIcon: site.settings.fictionalIcon,
    fictionalSingular: texts.fictionalSingular,
    fictionalPlural: texts.fictionalPlural,
    signupCredits: site.settings.signupCredits,
    loggedIn: getUser(context) !== null,
    /** The way out that is not a signup: the home page, counting a bounce of this lander (product.md §3 `lb`). */
    leaveHref: bounceHref(href("/"), new URL(request.url).pathname),
  };
}

export type LanderLayoutData = Awaited<ReturnType<typeof loader>>;

/** An error page keeps the headers its error was thrown with (the browsing limit's Retry-After). */
export const headers: Route.HeadersFunction = ({ parentHeaders, errorHeaders }) => errorHeaders ?? parentHeaders;

/**
 * product.md §2 lander layout: a small header with the logo, the content, the footer, the
 * disclaimers and the entry warning for NL and DE, all in the lander's language.
 */
function LanderChrome({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const lander = useRouteLoaderData<typeof loader>("lander");
  const translator = useMemo(() => (lander ? createTranslator(lander.language, lander.resources) : null), [lander]);
  if (!root || !lander || !translator) return <>{children}</>;
  const data = { ...root, locale: lander.language, site: { ...root.site, fictionalPlural: lander.fictionalPlural } };
  return (
    <TranslationProvider translator={translator}>
      <div className="layout layout--lander" lang={lander.language}>
        <LanderHeader siteName={lander.siteName} loggedIn={lander.loggedIn} />
        {children}
        {!lander.loggedIn && (
          <p className="container lander-leave">
            <a href={lander.leaveHref}>{translator.t("landers:leave")}</a>
          </p>
        )}
        <Footer data={data} loggedIn={lander.loggedIn} />
        <LanguageDisclaimer data={data} />
        <EntryWarning data={data} layout="lander" loggedIn={lander.loggedIn} />
      </div>
    </TranslationProvider>
  );
}

function LanderLayout() {
  return (
    <LanderChrome>
      <Outlet />
    </LanderChrome>
  );
}

/** An unknown, deleted or blocked member: the site's 404 page, in the lander's frame. */
function LanderErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <LanderChrome>
      <LanderError error={error} />
    </LanderChrome>
  );
}

function LanderError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return <ErrorPage error={error} t={t} />;
}

/**
 * Rendered on the server only (ADR 030): the client build has none of it, so the modules the landers
 * share with other pages (footer, entry warning, the i18n provider) stay in those pages' chunks. The
 * handle above is written out rather than imported for the same reason.
 */
export default serverOnly$(LanderLayout);
export const ErrorBoundary = serverOnly$(LanderErrorBoundary);

/**
 * A lander reached by client-side navigation from a hydrated page loads as a document, since it
 * has nothing to render in the browser.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}
