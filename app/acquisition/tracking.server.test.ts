import { describe, expect, it } from "vitest";
import { readTracking, trackingFromUrl } from "./tracking.server";

const url = (href: string) => new URL(href);

describe("the tracking record of a landing (network, ref, sub1–3)", () => {
  it("reads the landing query, with the landing path", () => {
    expect(trackingFromUrl(url("https://flirt.example/landers/video?network=adnet&ref=42&sub1=a&sub2=b&sub3=c&x=1"))).toEqual({
      network: "adnet",
      ref: "42",
      sub1: "a",
      sub2: "b",
      sub3: "c",
      landingPath: "/landers/video",
    });
    expect(trackingFromUrl(url("https://flirt.example/?ref=42"))).toBeNull();
    // A client-side navigation's data request stands for its page.
    expect(trackingFromUrl(url("https://flirt.example/pricing.data?network=adnet"))?.landingPath).toBe("/pricing");
    expect(trackingFromUrl(url("https://flirt.example/_root.data?network=adnet"))?.landingPath).toBe("/");
  });

  it("refuses markup and overlong values: a bad optional value is dropped, a bad network drops the record", () => {
    expect(trackingFromUrl(url(`https://flirt.example/?network=${"n".repeat(101)}`))).toBeNull();
    expect(trackingFromUrl(url("https://flirt.example/?network=%3Cscript%3E"))).toBeNull();
    expect(trackingFromUrl(url(`https://flirt.example/?network=adnet&sub1=%3Cb%3E&ref=${"r".repeat(200)}`))).toEqual({
      network: "adnet",
      landingPath: "/",
    });
  });

  it("reads the URL first, then the stored record, and ignores a forged or broken one", () => {
    const stored = JSON.stringify({ network: "old" });
    expect(readTracking(url("https://flirt.example/signup?network=new"), stored)?.network).toBe("new");
    expect(readTracking(url("https://flirt.example/signup"), stored)?.network).toBe("old");
    expect(readTracking(url("https://flirt.example/"), JSON.stringify({ network: "<img src=x>" }))).toBeNull();
    expect(readTracking(url("https://flirt.example/"), "{not-json")).toBeNull();
    expect(readTracking(url("https://flirt.example/"), null)).toBeNull();
  });
});
