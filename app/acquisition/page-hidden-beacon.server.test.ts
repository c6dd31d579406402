import { describe, expect, it } from "vitest";
import { PAGE_HIDDEN_BEACON, pageHiddenBeaconTag } from "./page-hidden-beacon.server";

/** Runs the inline script against a stand-in document; returns a way to change its visibility and the beacons sent. */
function runBeacon(options: { sendBeacon?: boolean } = {}) {
  const listeners = new Set<() => void>();
  const document = {
    visibilityState: "visible",
    addEventListener: (type: string, listener: () => void) => type === "visibilitychange" && listeners.add(listener),
    removeEventListener: (type: string, listener: () => void) => type === "visibilitychange" && listeners.delete(listener),
  };
  const sent: unknown[][] = [];
  const navigator = options.sendBeacon === false ? {} : { sendBeacon: (...args: unknown[]) => sent.push(args) };
  const location = { pathname: "/members" };
  new Function("document", "navigator", "location", PAGE_HIDDEN_BEACON)(document, navigator, location);
  const become = (state: "visible" | "hidden") => {
    document.visibilityState = state;
    for (const listener of [...listeners]) listener();
  };
  const moveTo = (pathname: string) => {
    location.pathname = pathname;
  };
  return { become, moveTo, sent };
}

describe("the page-hidden beacon", () => {
  it("sends the empty JSON object the first time a page is hidden, and only then", () => {
    const { become, sent } = runBeacon();
    become("visible");
    expect(sent).toEqual([]);
    become("hidden");
    become("visible");
    become("hidden");
    expect(sent).toEqual([["/api/page-hidden.php", "{}"]]);
  });

  it("sends it again for the next page a member's page moved on to without a reload", () => {
    const { become, moveTo, sent } = runBeacon();
    become("hidden");
    become("visible");
    moveTo("/chats");
    become("hidden");
    expect(sent).toEqual([
      ["/api/page-hidden.php", "{}"],
      ["/api/page-hidden.php", "{}"],
    ]);
  });

  it("does nothing in a browser without sendBeacon", () => {
    const { become } = runBeacon({ sendBeacon: false });
    expect(() => become("hidden")).not.toThrow();
  });

  it("is a few hundred bytes, written with the page's nonce", () => {
    expect(PAGE_HIDDEN_BEACON.length).toBeLessThan(300);
    expect(pageHiddenBeaconTag("abc123")).toBe(`<script nonce="abc123">${PAGE_HIDDEN_BEACON}</script>`);
  });
});
