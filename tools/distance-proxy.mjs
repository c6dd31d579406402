// The database at a production distance (ADR 047): an HTTP proxy in front of the local libSQL
// server that holds every exchange `latencyMs` on the way in and again on the way out, as the
// network between a Cloudflare location and Turso's region would (25 ms each way is about
// Amsterdam–Warsaw; 75 ms a member on another continent). The Worker talks through it; migrations,
// seeding and the tests' own SQL go to the server directly.
//
// It also counts the round trips a request waits for one after another. Between
// `POST /_distance/rounds/start` and `POST /_distance/rounds/stop` it records when each Hrana
// exchange (a POST of a pipeline or cursor) arrived and when it was answered; the stop's answer
// gives the longest chain of exchanges in which each one arrived only after the one before it had
// been answered. Exchanges that overlap (a Promise.all, reads sent together) count once; an
// exchange answered after the stop (work in `waitUntil`) is not counted: nobody waited for it, and
// neither is one the Worker marks as made after the response (the `X-After-Response` header of
// app/db/availability.server.ts), however soon it is answered.
// With latency, two exchanges the Worker sends at the same moment both arrive long before either
// is answered, so the count cannot mistake them for a chain; one the Worker sends after reading
// an answer always arrives after that answer left (cause before effect).
//
// Control endpoints (never forwarded):
//   POST /_distance/latency          body: milliseconds each way ("25")
//   POST /_distance/rounds/start     clears the record and starts recording
//   POST /_distance/rounds/stop      stops; answers { roundTrips, exchanges: [{ depth, sql }] }

import http from "node:http";

/** @param {number} ms */
const sleep = (ms) => (ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve());

/**
 * The SQL an exchange carried, shortened, for a report that names what a chain waited for.
 * @param {Buffer} body
 * @returns {string}
 */
function describeExchange(body) {
  try {
    const parsed = JSON.parse(body.toString("utf8"));
    /** @type {string[]} */
    const sqls = [];
    /** @type {Map<number, string>} */
    const stored = new Map();
    const add = (/** @type {any} */ stmt) => {
      const text = stmt?.sql ?? stored.get(stmt?.sql_id);
      if (text && !/^(BEGIN|COMMIT|ROLLBACK)\b/i.test(text)) sqls.push(String(text).replace(/\s+/g, " ").slice(0, 90));
    };
    const requests = parsed.requests ?? (parsed.batch ? [{ type: "batch", batch: parsed.batch }] : []);
    for (const request of requests) if (request.type === "store_sql") stored.set(request.sql_id, request.sql);
    for (const request of requests) {
      if (request.type === "execute") add(request.stmt);
      if (request.type === "batch") for (const step of request.batch?.steps ?? []) add(step.stmt);
      if (request.type === "sequence") sqls.push(String(request.sql ?? "").slice(0, 80));
    }
    return sqls.length === 0 ? "(no statement)" : sqls.join(" ; ");
  } catch {
    return "(unreadable)";
  }
}

/**
 * The longest chain of exchanges in which each arrived after the previous one was answered.
 * @param {{ arrived: number, answered: number }[]} exchanges
 * @returns {number[]} each exchange's place in its longest chain (1 = it waited for no other)
 */
export function chainDepths(exchanges) {
  /** @type {Map<object, number>} */
  const known = new Map();
  /** @param {{ arrived: number, answered: number }} exchange @returns {number} */
  const depth = (exchange) => {
    let found = known.get(exchange);
    if (found === undefined) {
      found = 1;
      for (const other of exchanges) if (other.answered <= exchange.arrived) found = Math.max(found, depth(other) + 1);
      known.set(exchange, found);
    }
    return found;
  };
  return exchanges.map(depth);
}

/**
 * @param {{ target: string, latencyMs?: number, port?: number, host?: string }} options
 * @returns {Promise<import("./distance-proxy.d.mts").DistanceProxy>}
 */
export async function startDistanceProxy({ target, latencyMs = 0, port = 0, host = "127.0.0.1" }) {
  let latency = latencyMs;
  let recording = false;
  /** @type {{ arrived: number, answered: number, sql: string }[]} */
  let record = [];
  /** @type {{ arrived: number, answered: number, sql: string }[]} */
  let open = [];

  const stop = () => {
    recording = false;
    const answered = record;
    record = [];
    const depths = chainDepths(answered);
    return {
      roundTrips: Math.max(0, ...depths),
      exchanges: answered.map((exchange, i) => ({ depth: depths[i] ?? 0, sql: exchange.sql })),
    };
  };

  const server = http.createServer((req, res) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", async () => {
      const body = Buffer.concat(chunks);
      const path = req.url ?? "/";
      if (path.startsWith("/_distance/")) {
        if (req.method !== "POST") return void res.writeHead(405).end();
        if (path === "/_distance/latency") {
          const ms = Number(body.toString());
          if (!Number.isFinite(ms) || ms < 0) return void res.writeHead(400).end("milliseconds expected");
          latency = ms;
          return void res.writeHead(204).end();
        }
        if (path === "/_distance/rounds/start") {
          recording = true;
          record = [];
          open = [];
          return void res.writeHead(204).end();
        }
        if (path === "/_distance/rounds/stop") {
          return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(stop()));
        }
        return void res.writeHead(404).end();
      }
      const counted = recording && req.method === "POST" && !req.headers["x-after-response"];
      const exchange = { arrived: performance.now(), answered: Number.POSITIVE_INFINITY, sql: counted ? describeExchange(body) : "" };
      if (counted) open.push(exchange);
      await sleep(latency);
      const headers = { ...req.headers };
      delete headers.host;
      delete headers["content-length"];
      try {
        const answer = await fetch(new URL(path, target), {
          method: req.method,
          headers: /** @type {Record<string, string>} */ (headers),
          body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
        });
        const text = Buffer.from(await answer.arrayBuffer());
        await sleep(latency);
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(text);
      } catch {
        await sleep(latency);
        res.writeHead(502).end();
      }
      exchange.answered = performance.now();
      // Recorded once answered, and only if the recording that saw it arrive is still going.
      if (counted && recording && open.includes(exchange)) record.push(exchange);
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve(undefined));
  });
  const address = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://${host}:${address.port}`,
    port: address.port,
    setLatency: (ms) => {
      latency = ms;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * `DB_LATENCY_MS` (milliseconds each way) from the environment: 0 when unset; an error for a value
 * that is not a number of milliseconds.
 * @param {string | undefined} value
 * @returns {number}
 */
export function latencyFromEnvironment(value = process.env.DB_LATENCY_MS) {
  if (value === undefined || value === "") return 0;
  const ms = Number(value);
  if (!Number.isFinite(ms) || ms < 0 || ms > 10_000)
    throw new Error(`DB_LATENCY_MS expects milliseconds each way (0–10000), got ${JSON.stringify(value)}`);
  return ms;
}
