import { describe, expect, it } from "vitest";
import { afterResponse, meterRequest, SubrequestMeter } from "~/platform/subrequests.server";
import { AFTER_RESPONSE_HEADER, DatabaseUnavailableError, databaseFetch, isDatabaseUnavailable } from "./availability.server";

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

  it("marks the exchanges of work after the response, keeping the client's own headers", async () => {
    const sent: Headers[] = [];
    const fetchDb = databaseFetch(1_000, async (input, init) => {
      sent.push(new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)));
      return new Response("{}");
    });
    // As the libSQL client sends: a Request with its token, and no init.
    const request = () =>
      new Request("http://db.example/v3/pipeline", { method: "POST", headers: { Authorization: "Bearer token" }, body: "{}" });
    const meter = new SubrequestMeter();
    await meterRequest(meter, async () => {
      await fetchDb(request());
      await afterResponse(() => fetchDb(request()));
    });
    expect(sent.map((headers) => [headers.get("Authorization"), headers.get(AFTER_RESPONSE_HEADER)])).toEqual([
      ["Bearer token", null],
      ["Bearer token", "1"],
    ]);
    expect([meter.database, meter.databaseAfterResponse]).toEqual([1, 1]);
  });

  it("recognises the error through the layers that wrap it", () => {
    const wrapped = new Error("Failed query: select 1", { cause: new DatabaseUnavailableError("down") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(new Error("UNIQUE constraint failed"))).toBe(false);
    expect(isDatabaseUnavailable("down")).toBe(false);
  });
});
