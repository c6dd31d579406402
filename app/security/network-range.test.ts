import { describe, expect, it } from "vitest";
import { networkRange } from "./network-range";

describe("networkRange", () => {
  it("groups IPv4 addresses by /24", () => {
    expect(networkRange("192.0.2.17")).toBe("192.0.2.0/24");
    expect(networkRange("192.0.2.254")).toBe(networkRange("192.0.2.1"));
    expect(networkRange("192.0.3.1")).not.toBe(networkRange("192.0.2.1"));
  });

  it("groups IPv6 addresses by /48, however they are written", () => {
    expect(networkRange("2001:db8:abcd:12::1")).toBe("2001:db8:abcd::/48");
    expect(networkRange("2001:0db8:ABCD:0012:0000:0000:0000:0001")).toBe("2001:db8:abcd::/48");
    expect(networkRange("2001:db8::1")).toBe("2001:db8:0::/48");
    expect(networkRange("2001:db8:abce::1")).not.toBe(networkRange("2001:db8:abcd::1"));
  });
});
