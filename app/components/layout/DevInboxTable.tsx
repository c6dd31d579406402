import type { ReactNode } from "react";

/**
 * The list of the development inboxes (/dev/mail, /dev/sms): newest first, a row per mail or text,
 * its first column the time; `empty` when there is nothing yet.
 */
export function DevInboxTable<Row extends { id: number; createdAt: string }>({
  caption,
  empty,
  headings,
  rows,
  cells,
  current,
}: {
  caption: string;
  empty: string;
  /** The column headings after the time's. */
  headings: string[];
  rows: Row[];
  /** A row's cells after its time. */
  cells: (row: Row) => ReactNode;
  current?: (row: Row) => boolean;
}) {
  if (rows.length === 0) return <p className="alert">{empty}</p>;
  return (
    <div className="dev-mail__scroll">
      <table className="table dev-mail__list">
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id} aria-current={current?.(row) ? "true" : undefined}>
              <td className="dev-mail__time">{row.createdAt}</td>
              {cells(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
