import { describe, expect, it } from "vitest";
import { fitsBothWays, fittingGroups, seeks } from "./fit";

describe("fit between members", () => {
  it("pairs a hetero man and a hetero woman, not two hetero men", () => {
    expect(fitsBothWays({ gender: "male", sexuality: "hetero" }, { gender: "female", sexuality: "hetero" })).toBe(true);
    expect(fitsBothWays({ gender: "male", sexuality: "hetero" }, { gender: "male", sexuality: "hetero" })).toBe(false);
  });

  it("needs both directions: a bi woman seeks a gay man, who does not seek her", () => {
    expect(seeks({ gender: "female", sexuality: "bi" }, { gender: "male" })).toBe(true);
    expect(fitsBothWays({ gender: "female", sexuality: "bi" }, { gender: "male", sexuality: "gay" })).toBe(false);
  });

  it("lists the groups a query filters on", () => {
    expect(fittingGroups({ gender: "male", sexuality: "hetero" })).toEqual([{ gender: "female", sexualities: ["hetero", "bi"] }]);
    expect(fittingGroups({ gender: "female", sexuality: "lesbian" })).toEqual([
      { gender: "female", sexualities: ["gay", "lesbian", "bi"] },
    ]);
    expect(fittingGroups({ gender: "male", sexuality: "bi" })).toEqual([
      { gender: "male", sexualities: ["gay", "lesbian", "bi"] },
      { gender: "female", sexualities: ["hetero", "bi"] },
    ]);
  });
});
