/**
 * The production rate limiters (wrangler.toml) count with the same numbers as the local table.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { BROWSE_LIMITS } from "~/security/browse-limits";

const wrangler = readFileSync(new URL("../../wrangler.toml", import.meta.url), "utf8");

function limiter(name: string) {
  const match = new RegExp(`name = "${name}".*simple = \\{ limit = (\\d+), period = (\\d+) \\}`).exec(wrangler);
  return match ? { limit: Number(match[1]), period: Number(match[2]) } : null;
}

describe("browsing limits in wrangler.toml", () => {
  it("match BROWSE_LIMITS", () => {
    expect(limiter("BROWSE_LIMIT_IP")).toEqual({ limit: BROWSE_LIMITS.perIp, period: BROWSE_LIMITS.windowSeconds });
    expect(limiter("BROWSE_LIMIT_MEMBER")).toEqual({ limit: BROWSE_LIMITS.perMember, period: BROWSE_LIMITS.windowSeconds });
  });
});
