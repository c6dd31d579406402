import { Outlet } from "react-router";
import { useTranslation } from "~/i18n/translation";
import type { Route } from "./+types/chat";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { useRootData } from "~/root";

/** product.md §2 chat layout: bare, full height, with the entry warning for NL and DE only. */
export default function ChatLayout() {
  const data = useRootData();
  return (
    <div className="layout layout--chat">
      <Outlet />
      {data && <EntryWarning data={data} layout="chat" loggedIn={data.user !== null} />}
    </div>
  );
}

/** A chat that is not there (or no longer reachable) answers the same 404 page as any other. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  return (
    <div className="layout layout--chat">
      <ErrorPage error={error} t={t} />
    </div>
  );
}
