import { describe, expect, it } from "vitest";
import { resellTilesFor } from "./resell-tiles.server";
import { siteSettingsSchema } from "./site-settings";

const tile = (imageUrl: string) => ({ title: "Anna", imageUrl, linkUrl: "https://partner.example/anna" });

describe("the resell tile list (product.md §2, member_resell)", () => {
  it("is off by default and shows nothing then", () => {
    const settings = siteSettingsSchema.shape;
    expect(settings.memberResell.parse(undefined)).toBe(false);
    expect(settings.resellTiles.parse(undefined)).toEqual([]);
    expect(resellTilesFor({ domain: "flirtparadijs.nl", settings: { memberResell: false, resellTiles: [tile("/resell/a.svg")] } })).toEqual(
      [],
    );
  });

  it("shows local images and images on the site's own domain only", () => {
    const tiles = [
      tile("/resell/a.svg"),
      tile("https://cdn.flirtparadijs.nl/b.jpg"),
      tile("https://flirtparadijs.nl/c.jpg"),
      tile("https://tracker.example/d.jpg"),
    ];
    const shown = resellTilesFor({ domain: "flirtparadijs.nl", settings: { memberResell: true, resellTiles: tiles } });
    expect(shown.map((t) => t.imageUrl)).toEqual(["/resell/a.svg", "https://cdn.flirtparadijs.nl/b.jpg", "https://flirtparadijs.nl/c.jpg"]);
  });

  it("refuses links that are not https and protocol-relative images", () => {
    const schema = siteSettingsSchema.shape.resellTiles;
    expect(schema.safeParse([{ ...tile("/a.svg"), linkUrl: "javascript:alert(1)" }]).success).toBe(false);
    expect(schema.safeParse([{ ...tile("/a.svg"), linkUrl: "http://partner.example/" }]).success).toBe(false);
    expect(schema.safeParse([tile("//evil.example/a.svg")]).success).toBe(false);
    expect(schema.safeParse([tile("/resell/a.svg")]).success).toBe(true);
  });
});
