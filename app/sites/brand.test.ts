import { describe, expect, it } from "vitest";
import { brandCss, brandSchema, contrastRatio, darken, defaultBrand } from "./brand";

describe("site brand (ADR 025)", () => {
  it("defaults to today's colours, and their darker shades", () => {
    const brand = brandSchema.parse(undefined);
    expect(brand).toEqual(defaultBrand);
    expect(darken("#8b1226", 0.23)).toBe("#6b0e1d");
    expect(brandCss(brand)).toBe(
      ":root{--color-primary:#8b1226;--color-primary-dark:#6b0e1d;--color-secondary:#e0203a;--color-secondary-dark:#b81a30}",
    );
  });

  it("accepts only hex colours that carry white text (4.5:1) and a logo under public/", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21);
    expect(brandSchema.safeParse({ primary: "#3730A3", secondary: "#0f766e", logo: "/brands/manmatch.svg" }).data).toEqual({
      primary: "#3730a3",
      secondary: "#0f766e",
      logo: "/brands/manmatch.svg",
    });
    expect(brandSchema.safeParse({ primary: "#ffcc00", secondary: "#0f766e" }).success).toBe(false);
    expect(brandSchema.safeParse({ primary: "red", secondary: "#0f766e" }).success).toBe(false);
    expect(brandSchema.safeParse({ primary: "#3730a3", secondary: "#0f766e;}body{display:none" }).success).toBe(false);
    expect(brandSchema.safeParse({ primary: "#3730a3", secondary: "#0f766e", logo: "https://evil.example/x.svg" }).success).toBe(false);
    expect(brandSchema.safeParse({ primary: "#3730a3", secondary: "#0f766e", logo: "/brands/../../x.svg" }).success).toBe(false);
  });
});
