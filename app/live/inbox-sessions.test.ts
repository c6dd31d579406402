import { describe, expect, it } from "vitest";
import {
  earliestExpiry,
  handedOverSession,
  handOverHeaders,
  hasExpired,
  isAmong,
  SESSION_EXPIRES_HEADER,
  SESSION_ID_HEADER,
  socketSessionOf,
} from "./inbox-sessions";

const a = { sessionId: "a".repeat(64), expiresAt: 2_000 };
const b = { sessionId: "b".repeat(64), expiresAt: 1_000 };

describe("a socket's session", () => {
  it("crosses from the Worker to the inbox in two headers and back out unchanged", () => {
    expect(handedOverSession(new Headers(handOverHeaders(a)))).toEqual(a);
  });

  it("is nothing without both headers or with malformed ones", () => {
    expect(handedOverSession(new Headers())).toBeNull();
    expect(handedOverSession(new Headers({ [SESSION_ID_HEADER]: a.sessionId }))).toBeNull();
    expect(handedOverSession(new Headers({ [SESSION_ID_HEADER]: "a raw token", [SESSION_EXPIRES_HEADER]: "2000" }))).toBeNull();
    expect(handedOverSession(new Headers({ [SESSION_ID_HEADER]: a.sessionId, [SESSION_EXPIRES_HEADER]: "soon" }))).toBeNull();
    expect(handedOverSession(new Headers({ [SESSION_ID_HEADER]: a.sessionId, [SESSION_EXPIRES_HEADER]: "-5" }))).toBeNull();
    expect(socketSessionOf(null)).toBeNull();
    expect(socketSessionOf({ sessionId: a.sessionId })).toBeNull();
  });

  it("is chosen by session, by all sessions but one, or always", () => {
    expect(isAmong(a, { only: a.sessionId })).toBe(true);
    expect(isAmong(b, { only: a.sessionId })).toBe(false);
    expect(isAmong(a, { allBut: a.sessionId })).toBe(false);
    expect(isAmong(b, { allBut: a.sessionId })).toBe(true);
    expect(isAmong(a, "all")).toBe(true);
  });

  it("has expired from its expiry on, and the earliest expiry is when the inbox looks again", () => {
    expect(hasExpired(a, 1_999)).toBe(false);
    expect(hasExpired(a, 2_000)).toBe(true);
    expect(earliestExpiry([a, b])).toBe(1_000);
    expect(earliestExpiry([])).toBeNull();
  });
});
