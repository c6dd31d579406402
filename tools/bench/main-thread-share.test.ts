import { describe, expect, it } from "vitest";
import { mainThreadShare, type TraceEvent } from "./main-thread-share";

const RENDERER = { pid: 2, tid: 20 };
const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: "thread_name", ph: "M", pid, tid, ts: 0, args: { name } });
/** A task at `at` ms lasting `wall` ms, of which the thread ran `cpu` ms. */
const task = (at: number, wall: number, cpu: number, where = RENDERER): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...where,
  ts: at * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});

describe("the share of its long tasks the page's main thread ran", () => {
  it("counts the page's renderer's long tasks after the first paint", () => {
    const events = [
      thread(1, 10, "CrBrowserMain"),
      thread(2, 20, "CrRendererMain"),
      thread(3, 30, "CrRendererMain"),
      // about:blank's renderer, busy briefly: not the page's.
      task(0, 30, 30, { pid: 3, tid: 30 }),
      // The browser's tasks never count.
      task(1_000, 500, 500, { pid: 1, tid: 10 }),
      // Before the first paint (at 500 ms): not counted.
      task(100, 100, 90),
      // Under way at the first paint: its second half counts (20 ms, of which it ran 15).
      task(480, 40, 30),
      // Waited for a core most of the time: 40 ms, of which it ran 10.
      task(600, 40, 10),
      task(700, 60, 30),
      // Short, even 4 × slower: not a long task.
      task(800, 10, 1),
    ];
    expect(mainThreadShare(events, 500_000)).toBeCloseTo((15 + 10 + 30) / (20 + 40 + 60), 6);
  });

  it("is 1 when nothing ran long", () => {
    expect(mainThreadShare([thread(2, 20, "CrRendererMain"), task(600, 10, 1)], 0)).toBe(1);
    expect(mainThreadShare([], 0)).toBe(1);
  });
});
