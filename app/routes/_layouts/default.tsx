import { isRouteErrorResponse, Outlet } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/default";
import { ActivateReminder } from "~/components/alerts/ActivateReminder";
import { DisabledNotificationsAlert } from "~/components/alerts/DisabledNotificationsAlert";
import { ProfilePhotoAlert } from "~/components/alerts/ProfilePhotoAlert";
import { LikeModal } from "~/components/discovery/LikeModal";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { BottomTabs } from "~/components/layout/BottomTabs";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { Footer, LanguageDisclaimer } from "~/components/layout/Footer";
import { TopNav } from "~/components/layout/TopNav";
import { usePolling } from "~/components/layout/use-polling";
import { TimeBonusBanner } from "~/components/payments/TimeBonusBanner";
import { TimeBonusModal } from "~/components/payments/TimeBonusModal";
import { SignupModal } from "~/components/signup/SignupModal";
import { useRootData } from "~/root";

/** product.md §4/§9: the user, chats and likes are refreshed 5 s after load, then every 60 s. */
const POLL_MS = 60_000;

/** product.md §2 default layout: top navigation (with the tab bar of phones), time-bonus banner, banners, content, footer, language disclaimer, entry warning, signup modal, time-bonus modal. */
function DefaultChrome({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  usePolling({ enabled: Boolean(data?.user), intervalMs: POLL_MS });
  if (!data) return <>{children}</>;
  return (
    <div className="layout layout--default">
      <TopNav siteName={data.site.name} user={data.user} languages={data.languages} locale={data.locale} />
      {data.user && <BottomTabs user={data.user} />}
      <TimeBonusBanner />
      <ActivateReminder />
      <DisabledNotificationsAlert />
      <ProfilePhotoAlert />
      <div className="layout__content">{children}</div>
      <Footer data={data} loggedIn={data.user !== null} />
      <LanguageDisclaimer data={data} />
      <EntryWarning data={data} layout="default" loggedIn={data.user !== null} />
      <SignupModal loggedIn={data.user !== null} />
      <LikeModal />
      <TimeBonusModal />
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
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <DefaultChrome>
      <ErrorPage status={status} t={t} />
    </DefaultChrome>
  );
}
