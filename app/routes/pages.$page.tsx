import { data } from "react-router";
import type { Route } from "./+types/pages.$page";
import { getSite } from "~/http/context.server";
import { isStaticPage, renderStaticPage } from "~/content/static-pages.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

/** /pages/{terms,privacy,cookies,ban,return-policy,faq,service} in the visitor's language. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!isStaticPage(params.page)) throw data(null, { status: 404 });
  const site = getSite(context);
  const content = renderStaticPage(params.page, site, getI18n(context).t, getLocale(context));
  return { page: params.page, siteName: site.name, ...content };
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { title, intro, sections, questions, updated, page } = loaderData;
  return (
    <main id="main" className={`container narrow section static-page static-page--${page}`}>
      <h1>{title}</h1>
      {page === "terms" && <p className="static-page__updated">{updated}</p>}
      <p className="lead">{intro}</p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a page's fixed paragraphs, never reordered.
            <p key={index}>{paragraph}</p>
          ))}
        </section>
      ))}
      {questions.length > 0 && (
        <div className="faq">
          {questions.map((question) => (
            <details key={question.q} className="faq__item">
              <summary>{question.q}</summary>
              <p>{question.a}</p>
            </details>
          ))}
        </div>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? [{ title: `${loaderData.title} · ${loaderData.siteName}` }] : []);
