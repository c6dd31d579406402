import { describe, expect, it } from "vitest";
import { bounceHref } from "./bounce";
import { consentOf, cspSources, scriptsToLoad, shouldAsk, thirdPartyScriptsSchema } from "./consent";
import { percentage, reportPeriod } from "./conversions.server";
import { landerSlug, pagePath } from "./landing.server";
import { isShortLinkToken } from "./short-link-token";

describe("third-party scripts and consent", () => {
  const scripts = thirdPartyScriptsSchema.parse([
    { purpose: "tracking", src: "https://tag.example.com/t.js" },
    { purpose: "analytics", src: "https://cdn.stats.example/a.js?id=1", hosts: ["collect.stats.example", "TAG.example.com"] },
  ]);

  it("accepts only https scripts and host names in the settings, none by default", () => {
    expect(thirdPartyScriptsSchema.parse(undefined)).toEqual([]);
    expect(thirdPartyScriptsSchema.safeParse([{ purpose: "tracking", src: "http://tag.example.com/t.js" }]).success).toBe(false);
    expect(thirdPartyScriptsSchema.safeParse([{ purpose: "tracking", src: "javascript:alert(1)" }]).success).toBe(false);
    expect(thirdPartyScriptsSchema.safeParse([{ purpose: "ads", src: "https://a.example/t.js" }]).success).toBe(false);
    expect(
      thirdPartyScriptsSchema.safeParse([{ purpose: "tracking", src: "https://a.example/t.js", hosts: ["* 'unsafe-inline'"] }]).success,
    ).toBe(false);
  });

  it("loads the scripts only after consent, and the CSP names exactly their hosts", () => {
    expect(consentOf("accepted")).toBe("accepted");
    expect(consentOf("yes")).toBeNull();
    expect(scriptsToLoad(scripts, null)).toEqual([]);
    expect(scriptsToLoad(scripts, "refused")).toEqual([]);
    expect(cspSources(scriptsToLoad(scripts, "accepted"))).toEqual({
      script: ["https://tag.example.com", "https://cdn.stats.example"],
      connect: ["https://tag.example.com", "https://cdn.stats.example", "https://collect.stats.example"],
      img: ["https://tag.example.com", "https://cdn.stats.example", "https://collect.stats.example"],
    });
    expect(shouldAsk(scripts, null)).toBe(true);
    expect(shouldAsk(scripts, "refused")).toBe(false);
    expect(shouldAsk([], null)).toBe(false);
  });
});

describe("landing pages and bounces", () => {
  it("keeps pages as plain site paths and slugs as plain words", () => {
    expect(pagePath("/landers/video?x=1#y")).toBe("/landers/video");
    expect(pagePath("//evil.example/x")).toBeNull();
    expect(pagePath("https://evil.example/")).toBeNull();
    expect(pagePath("/<script>")).toBeNull();
    expect(pagePath(`/${"a".repeat(250)}`)).toBeNull();
    expect(landerSlug("NL-2")).toBe("nl-2");
    expect(landerSlug("nl 2")).toBeNull();
  });

  it("builds a link that logs a bounce of the page it leaves", () => {
    expect(bounceHref("/", "/landers/video/nl-1")).toBe("/?lb=%2Flanders%2Fvideo%2Fnl-1");
    expect(bounceHref("/members?gender=female", "/landers/gallery")).toBe("/members?gender=female&lb=%2Flanders%2Fgallery");
  });

  it("looks up only plausible short-link tokens", () => {
    expect(isShortLinkToken("june-2026")).toBe(true);
    expect(isShortLinkToken("ab")).toBe(false);
    expect(isShortLinkToken("a/b")).toBe(false);
  });
});

describe("the report's period", () => {
  const now = new Date("2026-06-15T13:00:00Z");

  it("is the last 30 days by default, both days included", () => {
    const period = reportPeriod(null, null, now);
    expect([period.fromDay, period.toDay]).toEqual(["2026-05-17", "2026-06-15"]);
    expect(period.to.toISOString()).toBe("2026-06-16T00:00:00.000Z");
  });

  it("orders a reversed period, refuses nonsense and keeps at most a year", () => {
    expect(reportPeriod("2026-06-10", "2026-06-01", now)).toMatchObject({ fromDay: "2026-06-01", toDay: "2026-06-10" });
    expect(reportPeriod("2026-13-45", "yesterday", now)).toMatchObject({ fromDay: "2026-05-17", toDay: "2026-06-15" });
    expect(reportPeriod("2020-01-01", "2026-06-15", now).fromDay).toBe("2025-06-14");
    expect(percentage(2, 3)).toBe(66.7);
    expect(percentage(1, 0)).toBe(0);
  });
});
