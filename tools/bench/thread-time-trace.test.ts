import { describe, expect, it } from "vitest";
import type { TraceEvent } from "./main-thread-share";
import { atThreadTime } from "./thread-time-trace";

const RENDERER = { pid: 2, tid: 20 };
const BROWSER = { pid: 1, tid: 10 };
const thread = (where: { pid: number; tid: number }, name: string): TraceEvent => ({
  name: "thread_name",
  ph: "M",
  ...where,
  ts: 0,
  args: { name },
});
/** An event at `at` ms lasting `wall` ms, of which the thread ran `cpu` ms. */
const event = (name: string, at: number, wall: number, cpu: number, where = RENDERER): TraceEvent => ({
  name,
  ph: "X",
  ...where,
  ts: at * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});
const mark = (name: string, at: number): TraceEvent => ({ name, ph: "I", ...RENDERER, ts: at * 1000 });
/** [name, start ms, duration ms] of each event, in the input's order. */
const shape = (events: TraceEvent[]) =>
  events.filter((one) => one.ph !== "M").map((one) => [one.name, one.ts / 1000, one.dur === undefined ? undefined : one.dur / 1000]);

describe("a trace at thread time: the page's main-thread tasks as long as their thread ran", () => {
  it("shortens a task that waited for a core to its CPU time, and what ran inside it in proportion", () => {
    const events = [
      thread(RENDERER, "CrRendererMain"),
      // 80 ms on the clock, 20 ms on the core: a quarter.
      event("RunTask", 1_000, 80, 20),
      event("v8.callFunction", 1_040, 40, 12),
      mark("LargestContentfulPaint::Candidate", 1_060),
      event("RunTask", 1_200, 10, 10),
    ];
    expect(shape(atThreadTime(events))).toEqual([
      ["RunTask", 1_000, 20],
      ["v8.callFunction", 1_010, 10],
      ["LargestContentfulPaint::Candidate", 1_015, undefined],
      // A task that never waited stays as it was; the gap before it too.
      ["RunTask", 1_200, 10],
    ]);
    // A child's CPU time never exceeds its new length.
    expect(atThreadTime(events)[2]!.tdur).toBe(10_000);
  });

  it("leaves other threads, tasks without a CPU time and the input itself as they are", () => {
    const events = [
      thread(RENDERER, "CrRendererMain"),
      thread(BROWSER, "CrBrowserMain"),
      event("RunTask", 0, 100, 10, BROWSER),
      { ...event("RunTask", 500, 60, 0), tdur: undefined },
      event("RunTask", 700, 60, 30),
    ];
    const before = structuredClone(events);
    expect(shape(atThreadTime(events))).toEqual([
      ["RunTask", 0, 100],
      ["RunTask", 500, 60],
      ["RunTask", 700, 30],
    ]);
    expect(events).toEqual(before);
  });

  it("scales a task nested in another with its parent, not by its own CPU time", () => {
    const events = [thread(RENDERER, "CrRendererMain"), event("RunTask", 0, 100, 50), event("RunTask", 20, 40, 40)];
    expect(shape(atThreadTime(events))).toEqual([
      ["RunTask", 0, 50],
      ["RunTask", 10, 20],
    ]);
  });
});
