import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { callApi, FIRST_RETRY_DELAY_MS, RETRIES, TRY_TIME_LIMIT_MS } from "./call-api";

const json = (status: number, body: unknown = {}) => new Response(JSON.stringify(body), { status });
const networkError = () => new TypeError("Failed to fetch");

let fetch: ReturnType<typeof vi.fn>;
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.useFakeTimers();
  fetch = vi.fn();
  assign = vi.fn();
  vi.stubGlobal("fetch", fetch);
  vi.stubGlobal("location", { assign });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Answers fetch with `answer` and records when (ms after now) each try was made. */
function answerWith(answer: () => Promise<Response>) {
  const times: number[] = [];
  const start = Date.now();
  fetch.mockReset();
  fetch.mockImplementation(() => {
    times.push(Date.now() - start);
    return answer();
  });
  return times;
}

/** Runs the timers as they fall due and reports how the call settled. */
async function settle(call: Promise<Response>) {
  const settled = call.then(
    (response) => ({ status: response.status, error: null }),
    (error: unknown) => ({ status: null, error }),
  );
  await vi.runAllTimersAsync();
  return settled;
}

describe("callApi", () => {
  it("tries a GET again after a network error or a 5xx, waiting 200, 400 … ms, and returns the first good answer", async () => {
    const answers = [() => Promise.reject(networkError()), () => Promise.resolve(json(503)), () => Promise.resolve(json(200))];
    const times = answerWith(() => answers.shift()!());
    expect(await settle(callApi("/api/likes.php"))).toEqual({ status: 200, error: null });
    expect(times).toEqual([0, FIRST_RETRY_DELAY_MS, FIRST_RETRY_DELAY_MS * 3]);
  });

  it("gives up after 5 retries: the last 5xx goes to the caller, the last network error is thrown", async () => {
    expect(RETRIES).toBe(5);
    const times = answerWith(() => Promise.resolve(json(502)));
    expect(await settle(callApi("/api/chat.php", { method: "DELETE" }))).toEqual({ status: 502, error: null });
    expect(times).toEqual([0, 200, 600, 1400, 3000, 6200]);

    const failures = answerWith(() => Promise.reject(networkError()));
    expect((await settle(callApi("/api/geocode.php?q=x"))).error).toBeInstanceOf(TypeError);
    expect(failures).toHaveLength(RETRIES + 1);
  });

  it("never repeats a 4xx, nor a POST unless the caller says it may run twice", async () => {
    const conflict = answerWith(() => Promise.resolve(json(409, { error: "already_liked" })));
    expect(await settle(callApi("/api/likes.php?x"))).toEqual({ status: 409, error: null });
    expect(conflict).toEqual([0]);

    const post = answerWith(() => Promise.resolve(json(500)));
    expect(await settle(callApi("/api/likes.php", { method: "POST", body: "{}" }))).toEqual({ status: 500, error: null });
    expect(post).toEqual([0]);

    const repeatable = answerWith(() => Promise.resolve(json(500)));
    await settle(callApi("/api/blocks.php", { method: "POST", body: "{}" }, true));
    expect(repeatable).toHaveLength(RETRIES + 1);
  });

  it("abandons a try that hangs after 20 s: a GET is tried again, a POST's caller gets the time-out", async () => {
    expect(TRY_TIME_LIMIT_MS).toBe(20_000);
    const hang = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason)));
    const answers = [hang, () => Promise.resolve(json(200))];
    fetch.mockReset();
    const start = Date.now();
    const times: number[] = [];
    fetch.mockImplementation((url: string, init: RequestInit) => {
      times.push(Date.now() - start);
      return answers.shift()!(url, init);
    });
    expect(await settle(callApi("/api/geocode.php?q=x"))).toEqual({ status: 200, error: null });
    expect(times).toEqual([0, TRY_TIME_LIMIT_MS + FIRST_RETRY_DELAY_MS]);

    fetch.mockReset();
    fetch.mockImplementation(hang);
    const post = await settle(callApi("/api/likes.php", { method: "POST", body: "{}" }));
    expect(post.error).toMatchObject({ name: "TimeoutError" });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("still aborts when the caller's own signal does", async () => {
    const caller = new AbortController();
    fetch.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => init.signal!.addEventListener("abort", () => reject(init.signal!.reason))),
    );
    const call = settle(callApi("/api/geocode.php?q=x", { signal: caller.signal }, false));
    caller.abort(new DOMException("Gone", "AbortError"));
    expect((await call).error).toMatchObject({ name: "AbortError" });
  });

  it("sends the member to the login page when a call says authentication is required, and stays quiet", async () => {
    const times = answerWith(() => Promise.resolve(json(403, { error: "authentication_required", message: "Authentication required" })));
    let settled = false;
    void callApi("/api/likes.php").finally(() => {
      settled = true;
    });
    await vi.runAllTimersAsync();
    expect(assign).toHaveBeenCalledWith("/login");
    expect(times).toEqual([0]);
    expect(settled).toBe(false);
  });

  it("leaves other 403s, and the user call's, to the caller", async () => {
    answerWith(() => Promise.resolve(json(403, { error: "premium_only" })));
    expect((await callApi("/api/likes.php")).status).toBe(403);
    answerWith(() => Promise.resolve(json(403, { error: "authentication_required" })));
    expect((await callApi("/api/user.php")).status).toBe(403);
    expect(assign).not.toHaveBeenCalled();
  });
});
