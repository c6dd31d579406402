import { Outlet } from "react-router";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { SignupModalOpener } from "~/components/signup/SignupModalOpener";
import { useRootData } from "~/root";

/** product.md §2 empty layout: content, the entry warning for NL and DE, and the signup modal. */
export default function EmptyLayout() {
  const data = useRootData();
  return (
    <div className="layout layout--empty">
      <main id="main" className="layout__content">
        <Outlet />
      </main>
      {data && <EntryWarning data={data} layout="empty" loggedIn={data.user !== null} />}
      {data && <SignupModalOpener loggedIn={data.user !== null} />}
    </div>
  );
}
