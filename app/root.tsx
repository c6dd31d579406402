import { useMemo } from "react";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
  href,
} from "react-router";
import type { Route } from "./+types/root";
import { NavigationProgress } from "~/components/layout/NavigationProgress";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { memberChrome } from "~/accounts/member-chrome.server";
import { describeDisabledNotifications } from "~/accounts/notification-preferences.server";
import { userMiddleware } from "~/http/user-middleware.server";
import { trackLanding } from "~/http/acquisition.server";
import {
  disabledNotificationsDismissedCookie,
  entryWarningDismissedCookie,
  profilePhotoAlertDismissedCookie,
  pushAlertDismissedCookie,
  pushStateCookie,
} from "~/http/cookies.server";
import { pushStateOf } from "~/components/push/push-alert-state";
import type { NavUser } from "~/components/layout/member-links";
import { getRequestSite, getServices, getSite, localizedSiteContext, siteContext } from "~/http/context.server";
import { isDevelopment } from "~/env.server";
import { getI18n, getLocale, i18nextMiddleware } from "~/http/i18n.server";
import { createTranslator, TranslationProvider, useTranslation } from "~/i18n/translation";
import { TranslationsPreload } from "~/i18n/translation-link";
import { loadResources, resourcesOf } from "~/i18n/translation-store";
import { menuLanguages, type Language } from "~/i18n/languages";
import { translationUrls } from "virtual:translation-assets";
import { brandCss } from "~/sites/brand";
import { companyAddress, localizeSite, requestHost, resolveSite } from "~/sites/site.server";
import stylesheet from "~/styles/app.css?url";
import "~/utils/reload-on-chunk-error";
import { getUser } from "~/http/guards.server";
import { vapidPublicKey } from "~/security/vapid";
import { renderedWithScripts } from "~/browser/page-scripts";
import { useAppBadge } from "~/components/layout/use-app-badge";

const siteMiddleware: Route.MiddlewareFunction = async ({ request, context }, next) => {
  const { db, env } = getServices(context);
  const host = requestHost(request, { development: isDevelopment(env), forcedHost: env.FORCE_HOST });
  const site = await resolveSite(db, host);
  // ADR 026: every site pushes with the deployment's VAPID key, so browsers subscribe with its public half.
  const pushKey = vapidPublicKey(env.VAPID_PRIVATE_KEY);
  context.set(siteContext, { ...site, settings: { ...site.settings, vapidPublicKey: pushKey } });
  return next();
};

/** Once the language is known: the site's texts in that language (product.md §10 "Sites"), for every loader and action. */
const siteTextsMiddleware: Route.MiddlewareFunction = async ({ context }, next) => {
  context.set(localizedSiteContext, localizeSite(getRequestSite(context), getLocale(context)));
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [
  siteMiddleware,
  userMiddleware,
  // Landing parameters (network, ref, sub1–3), visits and `lb` bounces (product.md §10 "Acquisition").
  trackLanding,
  i18nextMiddleware,
  siteTextsMiddleware,
];

export const links: Route.LinksFunction = () => [
  // A precedence makes the stylesheet a React resource: it is written before the module preloads,
  // so the render-blocking file is the first the browser asks for, not the fortieth.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: href("/manifest.webmanifest") },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const site = getSite(context);
  const { country, db, now } = getServices(context);
  const locale = getLocale(context) as Language;
  const user = getUser(context);
  const chrome = user
    ? await memberChrome(db, { userId: user.id, paidUser: user.paidUser, profileId: user.profile?.id ?? null, siteId: site.id, now: now() })
    : null;
  const counts = chrome?.counts ?? { unreadMessages: 0, newLikes: 0 };
  const timeBonus = chrome?.timeBonus ?? null;
  const switchedOff = chrome?.disabledNotifications ?? [];
  const navUser: NavUser | null = user
    ? {
        profileName: user.profile?.name ?? user.email,
        avatarUrl: user.profile?.mainPhotoThumb ?? null,
        paidUser: user.paidUser,
        credits: user.credits,
        ...counts,
      }
    : null;
  const { company, settings } = site;
  return {
    locale,
    /** The browser's translations file for this language (ADR 033), cached by the browser for good. */
    translations: translationUrls[locale] ?? "",
    /** The language menu's choices (more than one: the menu shows; languages.ts). */
    languages: menuLanguages(country, site.domainLanguage, locale),
    country,
    user: navUser,
    account: user
      ? {
          status: user.status,
          profileStatus: user.profile?.status ?? null,
          hasMainPhoto: Boolean(user.profile?.mainPhotoThumb),
          paidUser: user.paidUser,
          credits: user.credits,
          role: user.role,
          signupAt: user.signupAt.toISOString(),
          emailDisabledReason: user.emailDisabledReason,
          /** product.md §3 `notifications_disabled (list)`: the types the member switched off, with their channels. */
          disabledNotifications: switchedOff,
          /** The alert's sentence saying what is off (null when nothing is). */
          disabledNotificationsText: describeDisabledNotifications(switchedOff, getI18n(context).t, locale),
          notificationsDisabled: user.emailDisabledReason !== null || switchedOff.length > 0,
          /** The disabled-notifications alert was dismissed (its cookie mirrors the localStorage key), so it is not rendered at all. */
          disabledNotificationsAlertDismissed: disabledNotificationsDismissedCookie.read(request) !== null,
          /** The profile-photo and push alerts render with the page (ADR 046): their dismissals and this browser's push state, from the browser's cookies. */
          profilePhotoAlertDismissed: profilePhotoAlertDismissedCookie.read(request) !== null,
          pushAlert: {
            dismissed: pushAlertDismissedCookie.read(request) !== null,
            browserState: pushStateOf(pushStateCookie.read(request)),
          },
        }
      : null,
    /** product.md §4: the welcome time bonus of a signed-in member who has not paid yet; null when logged out. */
    timeBonus: timeBonus && { code: timeBonus.code, percent: timeBonus.percent, expiresAt: timeBonus.expiresAt.toISOString() },
    site: {
      name: site.name,
      domain: site.domain,
      domainLanguage: site.domainLanguage,
      supportPhone: settings.supportPhone,
      supportEmail: settings.supportEmail,
      usFooter: settings.usFooter,
      fictionalPlural: site.texts.fictionalPlural,
      minAge: settings.minAge,
      /** White label (ADR 025): the site's colours and logo as CSS rules. */
      brandCss: brandCss(settings.brand),
      themeColor: settings.brand.primary,
      /** spec §3 `cdn_prefix` (app/sites/cdn.ts): public photos and static images come from there. */
      cdnPrefix: settings.cdnPrefix,
      /** ADR 026: the deployment's VAPID public key ("" when push is not configured). */
      pushPublicKey: settings.vapidPublicKey,
    },
    company: companyAddress(company),
    entryWarning: {
      enabled: settings.enableSiteEntryPopup,
      configuredCountries: settings.entryPopupCountries,
      dismissed: entryWarningDismissedCookie.read(request) === "1",
    },
  };
}

export type RootData = Awaited<ReturnType<typeof loader>>;

/**
 * Translations and site data only change through a form submission (language, login, …) or an
 * explicit revalidation of the page (badges after a like or a photo upload), not on navigation.
 */
export function shouldRevalidate({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== "GET") return defaultShouldRevalidate;
  return !formMethod && currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

/** A change of language (a form post, then the root's revalidation) renders once the new language's translations are at hand. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const data = await serverLoader();
  await loadResources(data.locale, data.translations);
  return data;
}

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const locale = data?.locale;
  const resources = locale ? resourcesOf(locale) : undefined;
  const translator = useMemo(() => (locale && resources ? createTranslator(locale, resources) : null), [locale, resources]);
  // Plain HTML without hydration: the landers (`handle = { scripts: false }`, ADR 030) and, for
  // visitors, the public pages (`scripts: "signed-in"`, ADR 032).
  const scripts = renderedWithScripts(useMatches(), Boolean(data?.user));
  const page = (
    <html lang={data?.locale ?? "nl"} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content={data?.site.themeColor ?? "#8b1226"} />
        <Meta />
        <Links />
        {scripts && data?.translations && <TranslationsPreload language={data.locale} href={data.translations} />}
        {/* After the stylesheet, so the site's values win. Validated values only (app/sites/brand.ts); the CSP allows inline styles. */}
        <style id="brand">{data?.site.brandCss}</style>
      </head>
      <body>
        <NavigationProgress />
        {children}
        {scripts && <ScrollRestoration />}
        {scripts && <Scripts />}
      </body>
    </html>
  );
  return translator ? <TranslationProvider translator={translator}>{page}</TranslationProvider> : page;
}

export default function App() {
  const user = useRootData()?.user;
  useAppBadge(user ? user.unreadMessages + user.newLikes : 0);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, ready } = useTranslation();
  const rootData = useRootData();
  return <ErrorPage error={error} t={ready && rootData ? t : undefined} />;
}
