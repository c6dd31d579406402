import { describe, expect, it } from "vitest";
import { coordinatesSchema, roundedForRequest } from "./coordinates";
import { distanceKm, nearest } from "./distance";
import { countryAt } from "./geocode.server";

const utrecht = { latitude: 52.0907, longitude: 5.1214 };

describe("distances", () => {
  it("measures great-circle distances in kilometres", () => {
    expect(distanceKm(utrecht, utrecht)).toBe(0);
    // Utrecht – Amsterdam is about 35 km as the crow flies.
    expect(distanceKm(utrecht, { latitude: 52.3676, longitude: 4.9041 })).toBeCloseTo(34.5, 0);
    expect(distanceKm({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBeLessThan(23);
  });

  it("picks the nearest candidate, or none from an empty list", () => {
    const regions = [
      { name: "Noord-Holland", latitude: 52.6, longitude: 4.87 },
      { name: "Utrecht", latitude: 52.08, longitude: 5.2 },
      { name: "Zuid-Holland", latitude: 51.99, longitude: 4.49 },
    ];
    expect(nearest(utrecht, regions)?.name).toBe("Utrecht");
    expect(nearest(utrecht, [])).toBeNull();
  });
});

describe("the coordinates of /api/geocode.php", () => {
  const parse = (query: Record<string, string>) => coordinatesSchema.safeParse(query);

  it("accepts decimal degrees in range", () => {
    expect(parse({ lat: "52.09", lon: "5.12" })).toMatchObject({ success: true, data: { lat: 52.09, lon: 5.12 } });
    expect(parse({ lat: "-90", lon: "180" }).success).toBe(true);
  });

  it("refuses anything else", () => {
    const queries: Record<string, string>[] = [
      {},
      { lat: "52.09" },
      { lat: "", lon: "" },
      { lat: "91", lon: "5" },
      { lat: "52", lon: "-180.5" },
      { lat: "1e2", lon: "5" },
      { lat: "0x10", lon: "5" },
      { lat: "NaN", lon: "5" },
      { lat: "Infinity", lon: "5" },
      { lat: "52,09", lon: "5,12" },
      { lat: "52.09abc", lon: "5.12" },
    ];
    for (const query of queries) {
      expect(parse(query).success, JSON.stringify(query)).toBe(false);
    }
  });

  it("rounds what the browser sends to two decimals (about a kilometre)", () => {
    expect(roundedForRequest(52.090738, 5.12142)).toEqual({ lat: "52.09", lon: "5.12" });
    expect(parse(roundedForRequest(-33.8688197, 151.2092955)).success).toBe(true);
  });
});

describe("the country of a point", () => {
  it("comes from the shipped borders", async () => {
    expect(await countryAt({ lat: 52.09, lon: 5.12 })).toBe("NL");
    expect(await countryAt({ lat: 50.85, lon: 4.35 })).toBe("BE");
    expect(await countryAt({ lat: 47.37, lon: 8.54 })).toBe("CH");
    expect(await countryAt({ lat: 18.4, lon: -66.1 })).toBe("US");
  });

  it("is none at sea", async () => {
    expect(await countryAt({ lat: 53.5, lon: 3.5 })).toBeNull();
  });
});
