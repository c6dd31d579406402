/**
 * A page's trace as if its main thread had never waited for a core (ADR 064). Each task of the
 * renderers' main threads is shortened to the CPU time its thread ran (the trace's `tdur`), and
 * what happened inside it moves with it, in proportion; nothing else changes: not the network, not
 * the other threads, not the gaps between tasks. Lighthouse audits the result again, with its own
 * model, to tell what the page's own work scores when the two cores it shares with Chromium's
 * compositor and browser process, the app's server and Lighthouse itself are not in the way. It is
 * an upper bound: a wait for another thread's work (a background compile, a raster) goes too.
 */
import { isTask, rendererMainThreads, threadOf, type TraceEvent } from "./main-thread-share";

/** The events, their renderer main threads' tasks shortened to their CPU time; the input is left as it is. */
export function atThreadTime<T extends TraceEvent>(events: T[]): T[] {
  const threads = rendererMainThreads(events);
  const onThread = new Map<string, T[]>();
  for (const event of events) {
    const key = threadOf(event);
    if (!threads.has(key)) continue;
    let list = onThread.get(key);
    if (!list) onThread.set(key, (list = []));
    list.push(event);
  }
  const replaced = new Map<T, T>();
  for (const list of onThread.values()) {
    const byStart = [...list].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
    let taskEnd = Number.NEGATIVE_INFINITY;
    for (const [index, task] of byStart.entries()) {
      // A top-level task: not inside the previous one (a nested RunTask keeps its place in its parent's scale).
      if (!isTask(task) || task.tdur === undefined || task.ts < taskEnd || task.dur === 0) continue;
      taskEnd = task.ts + task.dur!;
      const ratio = Math.min(1, task.tdur / task.dur!);
      replaced.set(task, { ...task, dur: task.dur! * ratio });
      for (let next = index + 1; next < byStart.length && byStart[next]!.ts < taskEnd; next++) {
        const inside = byStart[next]!;
        if (inside.ts + (inside.dur ?? 0) > taskEnd) continue;
        const dur = inside.dur === undefined ? undefined : inside.dur * ratio;
        const tdur = inside.tdur === undefined || dur === undefined ? inside.tdur : Math.min(inside.tdur, dur);
        replaced.set(inside, { ...inside, ts: task.ts + (inside.ts - task.ts) * ratio, dur, tdur });
      }
    }
  }
  return events.map((event) => replaced.get(event) ?? event);
}
