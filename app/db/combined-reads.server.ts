/**
 * Reads that a request starts together travel together (ADR 035). A page's loaders run at once —
 * the root's member chrome (badges, time bonus) and the page's own query — and each used to make
 * its own HTTP round trip to the database: on Turso that is network latency, and in workerd about
 * 0.7 ms of CPU before any SQL runs (`npm run bench -- --only compare`). Within one request, the
 * SELECT statements started in the same turn of the event loop now go to the database as one
 * batch, and each caller gets its own results.
 *
 * Only reads are combined: a write's outcome (a unique key that makes a payment count once) must
 * never depend on another caller's statements. A combined batch that fails is run again caller by
 * caller, as each would have run alone, so one caller's error stays its own — unless the database
 * is unavailable, which every caller then hears at once. Outside a request (cron jobs, tests, the
 * socket handshake) every call goes straight to the database.
 *
 * The request also remembers whether the database was unavailable to any of its calls, so the
 * Worker can answer 503 instead of the 500 of an error nobody caught (workers/app.ts).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Client, InArgs, InStatement, ResultSet, TransactionMode } from "@libsql/client/web";
import { isDatabaseUnavailable } from "./availability.server";

type Call = {
  client: Client;
  statements: InStatement[];
  /** The call as the caller made it, for a caller alone in its turn or after a failed batch. */
  alone: () => Promise<ResultSet[]>;
  resolve: (results: ResultSet[]) => void;
  reject: (error: unknown) => void;
};

/** The reads of one request waiting for the end of the current turn. */
class RequestReads {
  #waiting: Call[] = [];
  /** A call of this request found the database unavailable. */
  unavailable = false;

  add(call: Omit<Call, "resolve" | "reject">): Promise<ResultSet[]> {
    return new Promise((resolve, reject) => {
      // The first read of a turn schedules the send; the turn's other reads join it.
      if (this.#waiting.push({ ...call, resolve, reject }) === 1) setTimeout(() => this.#send(), 0);
    });
  }

  #send() {
    const calls = this.#waiting;
    this.#waiting = [];
    for (const client of new Set(calls.map((call) => call.client))) {
      const together = calls.filter((call) => call.client === client);
      if (together.length === 1) runAlone(together[0]!);
      else void runTogether(client, together);
    }
  }
}

function runAlone(call: Call) {
  call.alone().then(call.resolve, call.reject);
}

async function runTogether(client: Client, calls: Call[]) {
  let results: ResultSet[];
  try {
    results = await client.batch(
      calls.flatMap((call) => call.statements),
      "deferred",
    );
  } catch (error) {
    if (isDatabaseUnavailable(error)) for (const call of calls) call.reject(error);
    else for (const call of calls) runAlone(call);
    return;
  }
  let start = 0;
  for (const call of calls) {
    call.resolve(results.slice(start, start + call.statements.length));
    start += call.statements.length;
  }
}

const requestReads = new AsyncLocalStorage<RequestReads>();

/**
 * Runs one request's work with its reads combined per turn of the event loop; `databaseFailed`
 * tells afterwards whether the database was unavailable to any of the work's calls.
 */
export async function withCombinedReads<T>(work: () => Promise<T>): Promise<{ result: T; databaseFailed: boolean }> {
  const reads = new RequestReads();
  const result = await requestReads.run(reads, work);
  return { result, databaseFailed: reads.unavailable };
}

/** Notes on the current request that the database did not answer, and passes the error on. */
function noteFailure(error: unknown): never {
  if (isDatabaseUnavailable(error)) {
    const reads = requestReads.getStore();
    if (reads) reads.unavailable = true;
  }
  throw error;
}

const SELECT = /^\s*select\b/i;
const isRead = (statement: InStatement) => SELECT.test(typeof statement === "string" ? statement : statement.sql);
const asStatement = (statement: InStatement | [string, InArgs?]): InStatement =>
  Array.isArray(statement) ? { sql: statement[0], args: statement[1] ?? [] } : statement;

/** `client` whose reads join the current request's combined reads; everything else is the client's own. */
export function combiningReads(client: Client): Client {
  const execute = (statement: InStatement | string, args?: InArgs): Promise<ResultSet> => {
    const asked: InStatement = typeof statement === "string" && args !== undefined ? { sql: statement, args } : statement;
    const reads = requestReads.getStore();
    if (!reads || !isRead(asked)) return client.execute(asked).catch(noteFailure);
    return reads
      .add({ client, statements: [asked], alone: async () => [await client.execute(asked)] })
      .then(([result]) => result!, noteFailure);
  };
  const batch = (statements: (InStatement | [string, InArgs?])[], mode?: TransactionMode): Promise<ResultSet[]> => {
    const reads = requestReads.getStore();
    const asked = statements.map(asStatement);
    if (!reads || asked.length === 0 || !asked.every(isRead)) return client.batch(statements, mode).catch(noteFailure);
    return reads.add({ client, statements: asked, alone: () => client.batch(statements, mode) }).catch(noteFailure);
  };
  return new Proxy(client, {
    get(target, property) {
      if (property === "execute") return execute;
      if (property === "batch") return batch;
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
