/**
 * How much of its long tasks' time the page's main thread ran (ADR 064). Lighthouse's blocking time
 * takes each main-thread task's wall time, times 4 for a phone; a task whose thread waited for a
 * core (on this shared two-core machine: for Chromium's compositor and browser process, the app's
 * server, Lighthouse itself) counts its wait as the page's work. The share says whether a run
 * measured the page or the machine.
 */

/** The fields of a Chromium trace event read here. */
export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Start, µs. */
  ts: number;
  /** Wall time, µs. */
  dur?: number;
  /** The thread's CPU time, µs. */
  tdur?: number;
  args?: { name?: string };
};

/** Lighthouse's mobile settings: 4× CPU slowdown; a task blocks for what it takes beyond 50 ms. */
const SLOWDOWN = 4;
const BLOCKING_FROM_MS = 50;

/** A task of a thread's scheduler, with its wall time. */
export const isTask = (event: TraceEvent) => event.name === "RunTask" && event.ph === "X" && event.dur !== undefined;

/** The thread an event ran on, as `pid:tid`. */
export const threadOf = (event: TraceEvent) => `${event.pid}:${event.tid}`;

/** The renderers' main threads, as `pid:tid`. */
export function rendererMainThreads(events: TraceEvent[]): Set<string> {
  return new Set(events.filter((event) => event.name === "thread_name" && event.args?.name === "CrRendererMain").map(threadOf));
}

/** The page's main thread: of the renderers' main threads, the one that ran the most. */
function mainThread(events: TraceEvent[]): string | null {
  const renderers = rendererMainThreads(events);
  const busy = new Map<string, number>();
  for (const event of events) {
    const key = threadOf(event);
    if (isTask(event) && renderers.has(key)) busy.set(key, (busy.get(key) ?? 0) + event.dur!);
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * Of the wall time of the page's long main-thread tasks (those Lighthouse's 4× makes longer than
 * 50 ms) after `firstPaintTs` (trace µs), the share its thread ran (0–1; 1 without such tasks). A
 * task under way at the first paint counts with the part after it.
 */
export function mainThreadShare(events: TraceEvent[], firstPaintTs: number): number {
  const thread = mainThread(events);
  let ran = 0;
  let took = 0;
  for (const task of events) {
    if (!isTask(task) || threadOf(task) !== thread || task.tdur === undefined || task.dur === 0) continue;
    const end = task.ts + task.dur!;
    if (end <= firstPaintTs) continue;
    const after = (end - Math.max(task.ts, firstPaintTs)) / task.dur!;
    if ((SLOWDOWN * task.dur! * after) / 1000 <= BLOCKING_FROM_MS) continue;
    ran += task.tdur * after;
    took += task.dur! * after;
  }
  return took === 0 ? 1 : ran / took;
}
