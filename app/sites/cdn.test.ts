import { describe, expect, it } from "vitest";
import { cdnOrigin, cdnUrl, normalizeCdnPrefix } from "./cdn";

describe("the site's cdn_prefix", () => {
  it("puts site paths behind the prefix, and leaves them alone without one", () => {
    expect(cdnUrl("https://cdn.example.nl", "/photos/ab_thumb.jpg")).toBe("https://cdn.example.nl/photos/ab_thumb.jpg");
    expect(cdnUrl("https://cdn.example.nl/site-1", "/payment-methods/ideal.svg")).toBe(
      "https://cdn.example.nl/site-1/payment-methods/ideal.svg",
    );
    expect(cdnUrl("", "/photos/ab_thumb.jpg")).toBe("/photos/ab_thumb.jpg");
    expect(cdnUrl("https://cdn.example.nl", null)).toBeNull();
    expect(cdnUrl("https://cdn.example.nl", "https://media.tenor.com/x.gif")).toBe("https://media.tenor.com/x.gif");
    expect(cdnUrl("https://cdn.example.nl", "//elsewhere/x.png")).toBe("//elsewhere/x.png");
  });

  it("accepts only an http(s) address as the prefix", () => {
    expect(normalizeCdnPrefix("https://cdn.example.nl/")).toBe("https://cdn.example.nl");
    expect(normalizeCdnPrefix(" https://cdn.example.nl:8443/a/b ")).toBe("https://cdn.example.nl:8443/a/b");
    for (const bad of ["", "cdn.example.nl", "javascript:alert(1)", 'https://cdn.example.nl/"><script>', "ftp://x"]) {
      expect(normalizeCdnPrefix(bad), bad).toBe("");
    }
    expect(cdnOrigin("https://cdn.example.nl/a")).toBe("https://cdn.example.nl");
    expect(cdnOrigin("")).toBeNull();
  });
});
