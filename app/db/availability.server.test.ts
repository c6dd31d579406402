import { describe, expect, it } from "vitest";
import { DatabaseUnavailableError, databaseFetch, isDatabaseUnavailable } from "./availability.server";

describe("the database's fetch", () => {
  it("passes answers through", async () => {
    const fetchOk = databaseFetch(1_000, async () => new Response("{}", { status: 200 }));
    expect((await fetchOk("http://db.example/v2/pipeline")).status).toBe(200);
    // A wrong query is the app's mistake, not an outage.
    const fetch400 = databaseFetch(1_000, async () => new Response("bad", { status: 400 }));
    expect((await fetch400("http://db.example/v2/pipeline")).status).toBe(400);
  });

  it("turns a refused connection, a 503 and no answer into DatabaseUnavailableError", async () => {
    const refused = databaseFetch(1_000, async () => {
      throw new TypeError("fetch failed");
    });
    await expect(refused("http://db.example")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const down = databaseFetch(1_000, async () => new Response("down", { status: 503 }));
    await expect(down("http://db.example")).rejects.toBeInstanceOf(DatabaseUnavailableError);
    const silent = databaseFetch(
      50,
      (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    );
    await expect(silent("http://db.example")).rejects.toThrow("no answer within 50 ms");
  });

  it("recognises the error through the layers that wrap it", () => {
    const wrapped = new Error("Failed query: select 1", { cause: new DatabaseUnavailableError("down") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error("UNIQUE constraint failed"))).toBe(false);
    expect(isDatabaseUnavailable("down")).toBe(false);
  });
});
