import { lazy, Suspense, useEffect, useState } from "react";
import { Outlet, useRouteLoaderData, type ShouldRevalidateFunctionArgs } from "react-router";
import { useTranslation } from "~/i18n/translation";
import type { Route } from "./+types/default";
import { ActivateReminder } from "~/components/alerts/ActivateReminder";
import { DisabledNotificationsAlert } from "~/components/alerts/DisabledNotificationsAlert";
import { ProfilePhotoAlert } from "~/components/alerts/ProfilePhotoAlert";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { BottomTabs } from "~/components/layout/BottomTabs";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { Footer, LanguageDisclaimer } from "~/components/layout/Footer";
import { TopNav } from "~/components/layout/TopNav";
import { PushAlert } from "~/components/push/PushAlert";
import { TimeBonusBanner } from "~/components/payments/TimeBonusBanner";
import { LayoutSignupModal } from "~/components/signup/LayoutSignupModal";
import type { ScriptsHandle } from "~/browser/page-scripts";
import { signupDialogData } from "~/routes/signup-account.server";
import { shouldRevalidate as rootShouldRevalidate, useRootData } from "~/root";

/**
 * A visitor's page without React (ADR 032) makes the entry warning modal, chooses its language and
 * opens the signup modal with small inline scripts.
 */
export const handle = { inlineScripts: ["entry-warning", "language-menu", "signup-dialog"] } satisfies ScriptsHandle;

/** The signup modal's form settings, for visitors. */
export function loader({ request, context }: Route.LoaderArgs) {
  return { signupDialog: signupDialogData(request, context) };
}

/** Like the root's: whether one is signed in changes through a form, not on navigation. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return rootShouldRevalidate(args);
}

/** The live updates (socket, polling) and the modals that open later load after the page (ADR 026, deferred.tsx). */
const deferred = () => import("~/components/layout/deferred");
const LiveUpdates = lazy(deferred);
const DeferredModals = lazy(() => deferred().then((module) => ({ default: module.DeferredModals })));

/** product.md §2 default layout: top navigation (with the tab bar of phones), time-bonus banner, banners and alerts (push among them), content, footer, language disclaimer, entry warning, signup modal, time-bonus modal. */
function DefaultChrome({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const layout = useRouteLoaderData<typeof loader>("routes/_layouts/default");
  // The deferred parts render in the browser only, after hydration: none of them shows anything at first.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!data) return <>{children}</>;
  return (
    <div className="layout layout--default">
      <TopNav siteName={data.site.name} user={data.user} languages={data.languages} locale={data.locale} hydrated={hydrated} />
      {data.user && <BottomTabs user={data.user} />}
      <TimeBonusBanner />
      <ActivateReminder />
      <DisabledNotificationsAlert />
      <div className="layout__content">{children}</div>
      {/* The alerts that ask something of the member, rendered with the page (ADR 046) over its lower
          edge: they take no room from the page (no layout shift when one is dismissed) and stay smaller
          than its first photos (never its largest paint). */}
      {data.user && (
        <div className="layout__bottom-alerts">
          <ProfilePhotoAlert />
          <PushAlert />
        </div>
      )}
      {hydrated && (
        <Suspense>
          <LiveUpdates />
        </Suspense>
      )}
      <Footer data={data} loggedIn={data.user !== null} />
      <LanguageDisclaimer data={data} />
      <EntryWarning data={data} layout="default" loggedIn={data.user !== null} />
      <LayoutSignupModal loggedIn={data.user !== null} dialog={layout?.signupDialog} />
      {hydrated && (
        <Suspense>
          <DeferredModals />
        </Suspense>
      )}
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultChrome>
      <Outlet />
    </DefaultChrome>
  );
}

/** An error page keeps the headers its error was thrown with (a 429's Retry-After). */
export const headers: Route.HeadersFunction = ({ parentHeaders, errorHeaders }) => errorHeaders ?? parentHeaders;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <DefaultChrome>
      <ErrorPage error={error} t={t} />
    </DefaultChrome>
  );
}
