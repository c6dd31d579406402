import { expect, it } from "vitest";
import { termsVersionDate } from "./terms-date";

it("dates the terms 2023-12-01 or the company's added date if later", () => {
  expect(termsVersionDate("2020-01-01")).toBe("2023-12-01");
  expect(termsVersionDate("2024-03-15")).toBe("2024-03-15");
});
