import { describe, expect, it } from "vitest";
import { testSite } from "~/sites/test-site";
import { siteOrigin, siteOriginForJobs } from "./site.server";

const at = (url: string) => new Request(url);

describe("the origin of links the app hands out", () => {
  const site = { ...testSite(), hosts: ["flirtparadijs.nl", "www.flirtparadijs.nl", "flirt.example.org"] };

  it("keeps the request's origin on one of the site's own hosts", () => {
    expect(siteOrigin(site, at("https://www.flirtparadijs.nl/reset-password"), { development: false })).toBe(
      "https://www.flirtparadijs.nl",
    );
    expect(siteOrigin(site, at("https://flirt.example.org/x"), { development: false })).toBe("https://flirt.example.org");
  });

  it("never follows a host the client made up", () => {
    expect(siteOrigin(site, at("http://evil.example/reset-password"), { development: false })).toBe("https://flirtparadijs.nl");
    expect(siteOrigin(site, at("http://evil.example/reset-password"), { development: true })).toBe("https://flirtparadijs.nl");
  });

  it("allows this machine outside production only", () => {
    expect(siteOrigin(site, at("http://localhost:8787/x"), { development: true })).toBe("http://localhost:8787");
    expect(siteOrigin(site, at("http://localhost:8787/x"), { development: false })).toBe("https://flirtparadijs.nl");
  });

  it("links mails of cron jobs to the site's host on this machine when npm start told its port, outside production only", () => {
    const local = { ...site, hosts: [...site.hosts, "de.localhost"] };
    expect(siteOriginForJobs(local, { development: true, localPort: 8833 })).toBe("http://de.localhost:8833");
    expect(siteOriginForJobs(local, { development: true })).toBe("https://flirtparadijs.nl");
    expect(siteOriginForJobs(local, { development: false, localPort: 8833 })).toBe("https://flirtparadijs.nl");
    expect(siteOriginForJobs(site, { development: true, localPort: 8833 })).toBe("https://flirtparadijs.nl");
  });
});
