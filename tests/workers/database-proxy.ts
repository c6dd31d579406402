/**
 * A proxy in front of the tests' libSQL server that can fail the way a far-away database does
 * (tests/workers/database-outage.test.ts). Only that test's Worker talks through it; every other
 * test keeps the server itself. `POST /_mode` with `pass`, `refuse` (503 without asking the
 * database), `hang` (never answers) or `swallow:<text>` (the database does everything, but the
 * answer to a request whose SQL contains <text> is lost): what a Worker sees of an outage, a
 * stalled connection and a reply lost on the way back.
 */
import http from "node:http";

export type ProxyMode = "pass" | "refuse" | "hang" | `swallow:${string}`;
const isMode = (value: string): value is ProxyMode => ["pass", "refuse", "hang"].includes(value) || /^swallow:.+/.test(value);

export async function startDatabaseProxy(target: string): Promise<{ url: string; close: () => Promise<void> }> {
  let mode: ProxyMode = "pass";
  const held = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      if (req.url === "/_mode" && req.method === "POST") {
        const asked = body.toString();
        if (!isMode(asked)) return void res.writeHead(400).end("unknown mode");
        mode = asked;
        for (const response of held) response.destroy();
        held.clear();
        return void res.writeHead(204).end();
      }
      if (mode === "refuse") return void res.writeHead(503, { "content-type": "text/plain" }).end("database unavailable");
      if (mode === "hang") {
        held.add(res);
        return;
      }
      const headers = { ...req.headers };
      delete headers.host;
      fetch(new URL(req.url ?? "/", target), {
        method: req.method,
        headers: headers as Record<string, string>,
        body: req.method === "GET" ? undefined : body,
      })
        .then(async (answer) => {
          const text = Buffer.from(await answer.arrayBuffer());
          if (mode.startsWith("swallow:") && body.toString().includes(mode.slice("swallow:".length))) {
            held.add(res);
            return;
          }
          res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "application/json" }).end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const response of held) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
