/**
 * What the benchmarks share (http.ts, chat.ts): child processes in their own process groups that
 * cleanup ends, free local ports, waiting for a server, and quantiles.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const bin = (name: string) => resolve(root, "node_modules/.bin", name);

export const cleanups: (() => Promise<void> | void)[] = [];
let cleaning: Promise<void> | null = null;
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`cleanup: ${(error as Error).message}`);
      }
    }
  })();
  return cleaning;
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** The last lines a child printed, shown when it fails. */
function tail(child: ChildProcess, lines: string[]) {
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split("\n").filter(Boolean));
    if (lines.length > 60) lines.splice(0, lines.length - 60);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
}

/** Starts a child in its own process group; cleanup ends that group (the child and its workers). */
export function startProcess(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  const output: string[] = [];
  tail(child, output);
  const exited = new Promise<number | null>((resolveExit) => child.once("exit", (code) => resolveExit(code)));
  cleanups.push(async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5000))]);
    if (!stopped) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
  });
  return { child, output, exited };
}

export function run(command: string, args: string[], env: Record<string, string>) {
  return new Promise<void>((resolveRun, reject) => {
    const { output, exited } = startProcess(command, args, env);
    void exited.then((code) =>
      code === 0 ? resolveRun() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}:\n${output.join("\n")}`)),
    );
  });
}

export async function waitFor(url: string, what: string, process: { exited: Promise<number | null>; output: string[] }, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void process.exited.then(() => (gone = true));
  while (Date.now() < deadline) {
    if (gone) throw new Error(`${what} stopped:\n${process.output.join("\n")}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeoutMs / 1000} s:\n${process.output.join("\n")}`);
}

export function quantile(sorted: number[], q: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
}

/**
 * The built Worker in workerd, as `npm start` serves it: `wrangler dev` on a free port of 127.0.0.1
 * against the benchmark's database, without the browsing limits (ADR 019: the benchmarks' few
 * members send every request, which would answer 429). Resolves once `readyPath` answers.
 */
export async function startWorkerd({
  buildDir,
  folder,
  databaseUrl,
  readyPath,
}: {
  buildDir: string;
  folder: string;
  databaseUrl: string;
  readyPath: string;
}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const worker = startProcess(
    bin("wrangler"),
    [
      "dev",
      "--config",
      join(buildDir, "server/wrangler.json"),
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      join(folder, "state"),
      "--var",
      `DATABASE_URL:${databaseUrl}`,
      "--var",
      "BROWSE_LIMITS:off",
      "--log-level",
      "warn",
      "--show-interactive-dev-session=false",
    ],
    { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_VARS_DATABASE_URL: databaseUrl },
  );
  await waitFor(`${base}${readyPath}`, "wrangler dev", worker, 120_000);
  return { base, worker };
}
