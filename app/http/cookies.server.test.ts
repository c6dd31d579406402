import { describe, expect, it } from "vitest";
import { authCookie, localeCookie, readCookie, trackingCookie, trackingOf } from "./cookies.server";

const on = (href: string, cookie?: string) => new Request(href, { headers: cookie ? { Cookie: cookie } : {} });
const pair = (setCookie: string) => setCookie.split(";")[0]!;

describe("cookies", () => {
  it("are Secure everywhere but on a localhost origin", () => {
    expect(authCookie.set(on("https://flirt.example/login"), "abc")).toBe(
      "auth=abc; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure",
    );
    expect(authCookie.set(on("http://de.localhost:8787/login"), "abc")).toBe("auth=abc; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax");
    expect(authCookie.clear(on("https://flirt.example/"))).toBe("auth=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
  });

  it("keep the language for 365 days, readable by the page", () => {
    expect(localeCookie.set(on("https://flirt.example/"), "fr")).toBe("locale=fr; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
  });

  it("are read by name, decoded, and a malformed value reads as none", () => {
    expect(readCookie("a=b; locale=pl; auth=x", "locale")).toBe("pl");
    expect(readCookie("locale=%E0%A4%A", "locale")).toBeNull();
    expect(readCookie(null, "locale")).toBeNull();
  });

  it("remember a landing's traffic source for 30 days and give it back on a later page", () => {
    const landing = on("https://flirt.example/landers/video?network=adnet&ref=42");
    const header = trackingCookie.set(landing, JSON.stringify(trackingOf(landing)));
    expect(header).toContain("Max-Age=2592000; HttpOnly");
    expect(trackingOf(on("https://flirt.example/signup", pair(header)))).toEqual({
      network: "adnet",
      ref: "42",
      landingPath: "/landers/video",
    });
  });
});
