import { describe, expect, it } from "vitest";
import { captureTracking, readTracking, TRACKING_COOKIE, trackingCookie } from "./tracking.server";

const cookieValue = (setCookie: string) => setCookie.split(";")[0]!.slice(TRACKING_COOKIE.length + 1);

describe("the tracking record of a landing (network, ref, sub1–3)", () => {
  it("captures the landing query into a 30-day cookie", () => {
    const header = captureTracking(new Request("https://flirt.example/landers/video?network=adnet&ref=42&sub1=a&sub2=b&sub3=c&x=1"));
    expect(header).toContain("Max-Age=2592000");
    expect(header).toContain("HttpOnly");
    expect(header).toContain("Secure");
    const request = new Request("https://flirt.example/signup", { headers: { Cookie: `${TRACKING_COOKIE}=${cookieValue(header!)}` } });
    expect(readTracking(request)).toEqual({ network: "adnet", ref: "42", sub1: "a", sub2: "b", sub3: "c", landingPath: "/landers/video" });
  });

  it("sets nothing without a network, and no Secure flag on localhost", () => {
    expect(captureTracking(new Request("https://flirt.example/?ref=42"))).toBeNull();
    expect(captureTracking(new Request("http://localhost:8787/?network=adnet"))).not.toContain("Secure");
  });

  it("refuses markup and overlong values: a bad optional value is dropped, a bad network drops the record", () => {
    expect(captureTracking(new Request(`https://flirt.example/?network=${"n".repeat(101)}`))).toBeNull();
    expect(captureTracking(new Request("https://flirt.example/?network=%3Cscript%3E"))).toBeNull();
    const header = captureTracking(new Request(`https://flirt.example/?network=adnet&sub1=%3Cb%3E&ref=${"r".repeat(200)}`));
    const request = new Request("https://flirt.example/", { headers: { Cookie: `${TRACKING_COOKIE}=${cookieValue(header!)}` } });
    expect(readTracking(request)).toEqual({ network: "adnet", landingPath: "/" });
  });

  it("reads the URL first, then the cookie, and ignores a forged or broken cookie", () => {
    const cookie = cookieValue(trackingCookie({ network: "old" }, false));
    expect(readTracking(new Request("https://flirt.example/signup?network=new", { headers: { Cookie: `${TRACKING_COOKIE}=${cookie}` } }))?.network).toBe("new");
    const forged = encodeURIComponent(JSON.stringify({ network: "<img src=x>" }));
    expect(readTracking(new Request("https://flirt.example/", { headers: { Cookie: `${TRACKING_COOKIE}=${forged}` } }))).toBeNull();
    expect(readTracking(new Request("https://flirt.example/", { headers: { Cookie: `${TRACKING_COOKIE}=%7Bnot-json` } }))).toBeNull();
    expect(readTracking(new Request("https://flirt.example/"))).toBeNull();
  });
});
