import { describe, expect, it } from "vitest";
import { formatIdList, parseIdList } from "./id-list";

describe("id lists in the URL (swipe game, match finder)", () => {
  it("reads positive ids and drops everything else", () => {
    expect(parseIdList("3,1,x,-4,0,2.5,,7", 10)).toEqual([3, 1, 7]);
    expect(parseIdList(null, 10)).toEqual([]);
    expect(parseIdList("99999999999999999999", 10)).toEqual([]);
  });

  it("keeps each id once, in the order last seen, and only the last ones", () => {
    expect(parseIdList("1,2,1,3", 10)).toEqual([2, 1, 3]);
    expect(parseIdList("1,2,3,4,5", 3)).toEqual([3, 4, 5]);
    expect(formatIdList([1, 2, 2, 3, 4], 3)).toBe("2,3,4");
  });

  it("does not read an endless value", () => {
    expect(parseIdList("1,".repeat(100_000), 5)).toEqual([1]);
  });
});
