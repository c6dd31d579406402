/**
 * A short link is followed at `/{token}` only when no page of the app answers that address first:
 * the console refuses a token that is the first segment of a route (app/routes.ts).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { isReservedShortLinkToken, isShortLinkToken } from "~/acquisition/short-link-token";
import routes from "~/routes";

function firstSegments(entries: readonly RouteConfigEntry[], prefix = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    return [path.split("/")[1] ?? "", ...firstSegments(entry.children ?? [], path)];
  });
}

describe("short-link tokens", () => {
  it("the app's own first path segments are reserved", () => {
    const segments = new Set(firstSegments(routes).filter((segment) => isShortLinkToken(segment) && !segment.startsWith(":")));
    expect([...segments].filter((segment) => !isReservedShortLinkToken(segment))).toEqual([]);
  });

  it("another name is free, in any case", () => {
    expect(isReservedShortLinkToken("zomer-2026")).toBe(false);
    expect(isReservedShortLinkToken("Login")).toBe(true);
  });
});
