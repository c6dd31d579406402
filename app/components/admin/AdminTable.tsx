/**
 * The console's lists (ADR 055): a table that scrolls sideways on a 360 px phone, one column per
 * entry of `columns`, a sentence instead when there is nothing to list; and a row's one-button
 * action (a form posting its intent and the row's id).
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";

export type AdminColumn<Row> = {
  /** Unique among the columns. */
  key: string;
  /** The header; empty for a column of row actions. */
  label?: string;
  /** Numbers: right-aligned, tabular figures. */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
};

export function AdminTable<Row>({
  rows,
  columns,
  rowKey,
  empty,
  testId,
}: {
  rows: readonly Row[];
  columns: readonly AdminColumn<Row>[];
  rowKey: (row: Row) => string | number;
  /** What is said when there are no rows. */
  empty: ReactNode;
  testId?: string;
}) {
  if (rows.length === 0) return <p>{empty}</p>;
  return (
    <div className="admin-table-wrap">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={column.numeric ? "num" : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} className={column.numeric ? "num" : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A row's action: one button posting `intent` and the row's id under `idName`; disabled while any form is on its way. */
export function RowAction({
  intent,
  idName,
  id,
  label,
  danger = false,
}: {
  intent: string;
  idName: string;
  id: number | string;
  label: string;
  danger?: boolean;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={id} />
      <button type="submit" className={`btn btn-sm ${danger ? "btn-outline-danger" : "btn-outline"}`} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}
