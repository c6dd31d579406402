import { describe, expect, it } from "vitest";
import { FAULT_KINDS, FaultSettingsError, createFaultSwitch, parseFaultKinds, parseFaultRate } from "./fault-switch.mjs";

/** A random source that returns the given numbers in turn, then repeats the last. */
const sequence = (...numbers: number[]) => {
  let at = 0;
  return () => numbers[Math.min(at++, numbers.length - 1)]!;
};

describe("the fault switch", () => {
  it("is off by default: no call fails, however many", () => {
    const faults = createFaultSwitch({ random: () => 0 });
    for (let i = 0; i < 1000; i++) expect(faults.decide()).toBeNull();
    expect(faults.state()).toEqual({ rate: 0, kinds: ["503"], calls: 0, seen: 1000, injected: { 503: 0, drop: 0, lost: 0 } });
  });

  it("fails a call when the random number falls below the rate", () => {
    const faults = createFaultSwitch({ rate: 0.01, random: sequence(0.5, 0.0099, 0.01, 0) });
    expect(faults.decide()).toBeNull();
    expect(faults.decide()).toBe("503");
    expect(faults.decide()).toBeNull(); // 0.01 is not below 0.01
    expect(faults.decide()).toBe("503");
    expect(faults.state().injected).toEqual({ 503: 2, drop: 0, lost: 0 });
  });

  it("fails about the asked fraction of many calls", () => {
    let seed = 42;
    // A small linear congruential generator: the same numbers on every run.
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const faults = createFaultSwitch({ rate: "1%", kinds: "all", random });
    let failed = 0;
    for (let i = 0; i < 100_000; i++) if (faults.decide()) failed++;
    expect(failed).toBeGreaterThan(850);
    expect(failed).toBeLessThan(1150);
    const { injected } = faults.state();
    expect(injected[503] + injected.drop + injected.lost).toBe(failed);
    for (const kind of FAULT_KINDS) expect(injected[kind]).toBeGreaterThan(failed / 5);
  });

  it("picks the kind of each fault at random among the ones asked for", () => {
    // Each fault takes two numbers: whether it fails, then which kind.
    const faults = createFaultSwitch({ rate: 1, kinds: ["503", "drop", "lost"], random: sequence(0, 0, 0, 0.34, 0, 0.67, 0, 0.9999) });
    expect([faults.decide(), faults.decide(), faults.decide(), faults.decide()]).toEqual(["503", "drop", "lost", "lost"]);
  });

  it("fails the next N calls whatever the rate, then stops (an outage of a fixed length)", () => {
    const faults = createFaultSwitch({ random: () => 0.99 });
    faults.configure({ calls: 2, kinds: ["drop"] });
    expect([faults.decide(), faults.decide(), faults.decide()]).toEqual(["drop", "drop", null]);
    expect(faults.state()).toMatchObject({ calls: 0, seen: 3, injected: { drop: 2 } });
  });

  it("changes only what is given, and turns off with rate 0", () => {
    const faults = createFaultSwitch({ rate: 0.5, kinds: "drop,lost", random: () => 0 });
    expect(faults.configure({ rate: 1 })).toMatchObject({ rate: 1, kinds: ["drop", "lost"] });
    expect(faults.decide()).toBe("drop");
    faults.configure({ rate: 0 });
    expect(faults.decide()).toBeNull();
    expect(faults.state().kinds).toEqual(["drop", "lost"]);
  });

  it("refuses settings it cannot take and keeps the ones it had", () => {
    const faults = createFaultSwitch({ rate: 0.1 });
    expect(() => faults.configure({ rate: 2 })).toThrow(FaultSettingsError);
    expect(() => faults.configure({ rate: "abc" })).toThrow(FaultSettingsError);
    expect(() => faults.configure({ rate: 0.5, kinds: ["timeout"] })).toThrow(/unknown fault kind "timeout"/);
    expect(() => faults.configure({ calls: -1 })).toThrow(FaultSettingsError);
    expect(() => faults.configure({ calls: 1.5 })).toThrow(FaultSettingsError);
    expect(() => faults.configure(null as never)).toThrow(FaultSettingsError);
    expect(faults.state()).toMatchObject({ rate: 0.1, kinds: ["503"], calls: 0 });
  });
});

describe("reading fault settings", () => {
  it("reads rates as fractions or percentages", () => {
    expect(parseFaultRate("0.01")).toBe(0.01);
    expect(parseFaultRate("1%")).toBe(0.01);
    expect(parseFaultRate(0)).toBe(0);
    expect(parseFaultRate("100%")).toBe(1);
    for (const bad of ["", "-0.1", "1.5", "101%", "x", undefined, Number.NaN])
      expect(() => parseFaultRate(bad)).toThrow(FaultSettingsError);
  });

  it("reads kinds from a list or an array, once each; all is every kind", () => {
    expect(parseFaultKinds("503, drop,503")).toEqual(["503", "drop"]);
    expect(parseFaultKinds(["lost"])).toEqual(["lost"]);
    expect(parseFaultKinds("all")).toEqual(["503", "drop", "lost"]);
    expect(() => parseFaultKinds("")).toThrow(FaultSettingsError);
    expect(() => parseFaultKinds("503,slow")).toThrow(/unknown fault kind "slow"/);
  });
});
