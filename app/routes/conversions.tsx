import { Form } from "react-router";
import type { Route } from "./+types/conversions";
import { conversionReport, percentage, reportPeriod, reportTotals } from "~/acquisition/conversions.server";
import { getServices, getSite } from "~/http/context.server";
import { requireModerator } from "~/http/guards.server";
import { getI18n } from "~/http/i18n.server";
import { useFormat } from "~/i18n/format";

/**
 * /conversions — the operator's conversion report (product.md §10 "Acquisition"): per acquisition
 * page, slug and network, the visits of a period and their bounces, signups, activations and first
 * purchases, as a table and as bars. Moderators only (others get the 404 of requireModerator).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireModerator(context);
  const { db, now } = getServices(context);
  const site = getSite(context);
  const { t } = getI18n(context);
  const query = new URL(request.url).searchParams;
  const period = reportPeriod(query.get("from"), query.get("to"), now());
  const report = await conversionReport(db, site.id, period);
  const totals = reportTotals(report);
  return {
    rows: report.map((row) => ({ ...row, signupRate: percentage(row.signups, row.visits) })),
    totals: { ...totals, signupRate: percentage(totals.signups, totals.visits) },
    from: period.fromDay,
    to: period.toDay,
    title: `${t("acquisition:report.title")} · ${site.name}`,
    // The report's words come with it: the acquisition texts stay on the server for every other page.
    text: t("acquisition:report", { returnObjects: true }) as Record<ReportText, string>,
  };
}

type ReportText =
  | "title"
  | "intro"
  | "from"
  | "to"
  | "show"
  | "page"
  | "slug"
  | "network"
  | "visits"
  | "bounces"
  | "signups"
  | "activations"
  | "firstPurchases"
  | "conversion"
  | "total"
  | "empty"
  | "noNetwork"
  | "chartTitle";

const label = (row: { page: string; slug: string | null; network: string | null }, text: Record<ReportText, string>) =>
  [row.page, row.slug, row.network ?? text.noNetwork].filter(Boolean).join(" · ");

export default function Conversions({ loaderData }: Route.ComponentProps) {
  const { rows, totals, text } = loaderData;
  const format = useFormat();
  const most = Math.max(1, ...rows.map((row) => row.visits));
  const rate = (value: number) => `${format.number(value)} %`;
  return (
    <main id="main" className="container section conversions">
      <h1>{text.title}</h1>
      <p className="lead">{text.intro}</p>
      <Form method="get" className="conversions__period">
        <label>
          {text.from} <input type="date" name="from" defaultValue={loaderData.from} required />
        </label>
        <label>
          {text.to} <input type="date" name="to" defaultValue={loaderData.to} required />
        </label>
        <button type="submit" className="btn btn-primary">
          {text.show}
        </button>
      </Form>
      {rows.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <>
          <div className="table-scroll">
            <table className="table conversions__table">
              <thead>
                <tr>
                  <th scope="col">{text.page}</th>
                  <th scope="col">{text.slug}</th>
                  <th scope="col">{text.network}</th>
                  <th scope="col">{text.visits}</th>
                  <th scope="col">{text.bounces}</th>
                  <th scope="col">{text.signups}</th>
                  <th scope="col">{text.activations}</th>
                  <th scope="col">{text.firstPurchases}</th>
                  <th scope="col">{text.conversion}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={`${row.page}|${row.slug}|${row.network}`}>
                    <td>{row.page}</td>
                    <td>{row.slug ?? "—"}</td>
                    <td>{row.network ?? text.noNetwork}</td>
                    <td>{format.number(row.visits)}</td>
                    <td>{format.number(row.bounces)}</td>
                    <td>{format.number(row.signups)}</td>
                    <td>{format.number(row.activations)}</td>
                    <td>{format.number(row.firstPurchases)}</td>
                    <td>{rate(row.signupRate)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3}>
                    {text.total}
                  </th>
                  <td>{format.number(totals.visits)}</td>
                  <td>{format.number(totals.bounces)}</td>
                  <td>{format.number(totals.signups)}</td>
                  <td>{format.number(totals.activations)}</td>
                  <td>{format.number(totals.firstPurchases)}</td>
                  <td>{rate(totals.signupRate)}</td>
                </tr>
              </tfoot>
            </table>
          </div>
          <h2>{text.chartTitle}</h2>
          {/* Bars in CSS, drawn on the server: visits, and within them signups, activations, first purchases. */}
          <ul className="conversions__chart">
            {rows.slice(0, 20).map((row) => (
              <li key={`${row.page}|${row.slug}|${row.network}`}>
                <span className="conversions__label">{label(row, text)}</span>
                <span className="conversions__bars" role="img" aria-label={`${text.visits} ${row.visits}, ${text.signups} ${row.signups}`}>
                  {(["visits", "signups", "activations", "firstPurchases"] as const).map((key) => (
                    <span
                      key={key}
                      className={`conversions__bar conversions__bar--${key}`}
                      style={{ width: `${(row[key] / most) * 100}%` }}
                      title={`${text[key]}: ${row[key]}`}
                    />
                  ))}
                </span>
              </li>
            ))}
          </ul>
          <p className="conversions__legend">
            {(["visits", "signups", "activations", "firstPurchases"] as const).map((key) => (
              <span key={key}>
                <span className={`conversions__swatch conversions__bar--${key}`} aria-hidden="true" /> {text[key]}
              </span>
            ))}
          </p>
        </>
      )}
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];
