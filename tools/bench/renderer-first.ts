/**
 * The page's main thread first (ADR 064): while Lighthouse measures a page, every other thread of
 * the browser (its browser process, compositor, network service, and the renderers' compositor,
 * raster and background threads), of the app's server and of this process runs at the lowest
 * priority, so that the renderers' main threads get a core when they have work, as on a phone,
 * whose browser threads run on other cores. On this shared two-core machine the page's main thread
 * otherwise spent about three quarters of its long tasks waiting for a core, and Lighthouse's 4×
 * counted the wait as the page's work. Linux only (it reads /proc).
 */
import { readdirSync, readFileSync } from "node:fs";
import { setPriority } from "node:os";

const LOWEST = 19;

/** The process group of a process (`/proc/<pid>/stat`'s fifth field; the name before it may hold spaces). */
function groupOf(pid: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]);
  } catch {
    return null;
  }
}

function isRenderer(pid: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("--type=renderer");
  } catch {
    return false;
  }
}

/** Lowers every thread of the process, but its main thread when it is a renderer's. */
function lowerThreads(pid: string, keepMain: boolean) {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const thread of threads) {
    if (keepMain && thread === pid) continue;
    try {
      setPriority(Number(thread), LOWEST);
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * Until the returned function is called, keeps every thread of the given process groups (the
 * browser's, the app's) but the renderers' main threads, and of this process, at the lowest
 * priority; processes and threads started meanwhile included (checked every 50 ms).
 */
export function rendererFirst(groups: number[]): () => void {
  const pass = () => {
    lowerThreads(String(process.pid), false);
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      const group = groupOf(pid);
      if (group !== null && groups.includes(group)) lowerThreads(pid, isRenderer(pid));
    }
  };
  pass();
  const timer = setInterval(pass, 50);
  return () => clearInterval(timer);
}
