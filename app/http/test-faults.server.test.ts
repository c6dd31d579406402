import { describe, expect, it } from "vitest";
import type { AppEnv } from "~/env.server";
import { TEST_FAULTS_HEADER, withTestFaults } from "./test-faults.server";

const bucket = { put: async () => ({ key: "stored" }), head: async () => null } as unknown as R2Bucket;
const envFor = (APP_ENV: AppEnv["APP_ENV"]) => ({ APP_ENV, PHOTOS: bucket }) as unknown as AppEnv;
const asking = new Request("https://example.test/api/photos.php", { headers: { [TEST_FAULTS_HEADER]: "photos-put, inbox" } });

describe("test faults (ADR 044)", () => {
  it("mean nothing outside the workerd tests: production and development get their environment as it is", () => {
    for (const appEnv of ["production", "development"] as const) {
      const env = envFor(appEnv);
      expect(withTestFaults(env, asking)).toBe(env);
    }
  });

  it("make the photo bucket's writes fail in a test request that names them, and only there", async () => {
    const env = envFor("test");
    expect(withTestFaults(env, new Request("https://example.test/"))).toBe(env);
    const failing = withTestFaults(env, asking).PHOTOS;
    await expect(failing.put("photos/x.jpg", new Uint8Array())).rejects.toThrow(/test fault/);
    expect(await failing.head("photos/x.jpg")).toBeNull();
  });
});
