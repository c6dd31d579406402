/** The books check (books.ts) run through the app's database: one batch, one round trip. */
import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { booksQueries } from "./books";

export type BooksReport = { members: number; orders: number; problems: string[] };

export async function checkBooks(db: Database): Promise<BooksReport> {
  const [[counts], ...checks] = await db.batch([
    db.all<{ members: number; orders: number }>(sql`
      SELECT (SELECT count(*) FROM users) AS members,
        (SELECT count(*) FROM orders WHERE status IN ('paid', 'refunded', 'charged_back')) AS orders`),
    ...booksQueries().map((query) => db.all<{ problem: string }>(sql.raw(query))),
  ]);
  return {
    members: Number(counts?.members ?? 0),
    orders: Number(counts?.orders ?? 0),
    problems: checks.flatMap((rows) => rows.map((row) => String(row.problem))),
  };
}
