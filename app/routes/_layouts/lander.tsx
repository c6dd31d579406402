import { Link, Outlet } from "react-router";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { Footer, LanguageDisclaimer } from "~/components/layout/Footer";
import { useRootData } from "~/root";

/** spec §2 lander layout: small header with the logo, footer, disclaimer, entry warning for NL and DE. */
export default function LanderLayout() {
  const data = useRootData();
  if (!data) return <Outlet />;
  return (
    <div className="layout layout--lander">
      <header className="lander-header">
        <div className="container">
          <Link to="/" className="topnav__brand">
            <span className="topnav__logo" aria-hidden="true">♥</span> {data.site.name}
          </Link>
        </div>
      </header>
      <main id="main" className="layout__content">
        <Outlet />
      </main>
      <Footer data={data} loggedIn={data.user !== null} />
      <LanguageDisclaimer data={data} />
      <EntryWarning data={data} layout="lander" loggedIn={data.user !== null} />
    </div>
  );
}
