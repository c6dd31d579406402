import { checkBooks } from "~/credits/books.server";
import type { CronDeps } from "./cron-deps";

/**
 * Nightly: the books are checked and what does not balance is logged as an error for a person to
 * look at (app/credits/books.server.ts). Nothing is fixed: a wrong balance has a cause to find first.
 */
export async function checkBooksNightly({ db }: CronDeps) {
  const report = await checkBooks(db);
  for (const problem of report.problems) console.error(`books: ${problem}`);
  if (report.problems.length === 0) console.log(`books: ${report.members} balances and ${report.orders} settled orders in order`);
  return { ok: report.problems.length === 0, problems: report.problems.length };
}
