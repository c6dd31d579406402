import { describe, expect, it } from "vitest";
import { jobs, runScheduledJobs, type CronJob } from "./registry";

describe("cron registry", () => {
  it("runs the jobs of the fired schedule only, and survives a failing job", async () => {
    const ran: string[] = [];
    const registry: CronJob[] = [
      { name: "a", schedule: "*/5 * * * *", run: async () => void ran.push("a") },
      {
        name: "b",
        schedule: "*/5 * * * *",
        run: async () => {
          throw new Error("boom");
        },
      },
      { name: "c", schedule: "0 3 * * *", run: async () => void ran.push("c") },
    ];
    const outcomes = await runScheduledJobs("*/5 * * * *", {} as never, registry);
    expect(ran).toEqual(["a"]);
    expect(outcomes).toEqual([
      { name: "a", ok: true, result: undefined },
      { name: "b", ok: false, error: "boom" },
    ]);
  });

  it("only uses schedules that wrangler.toml triggers", async () => {
    const { readFileSync } = await import("node:fs");
    const toml = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");
    for (const job of jobs) expect(toml).toContain(`"${job.schedule}"`);
  });
});
