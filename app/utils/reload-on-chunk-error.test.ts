import { describe, expect, it, vi } from "vitest";
import { RELOAD_AT_MOST_EVERY_MS, reloadOnce } from "./reload-on-chunk-error";

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value) };
}

describe("reloading after a chunk failed to load", () => {
  it("reloads once, then not again within 60 s, then again after", () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const start = 1_800_000_000_000;
    reloadOnce(storage, reload, start);
    expect(reload).toHaveBeenCalledTimes(1);
    reloadOnce(storage, reload, start + 1_000);
    reloadOnce(storage, reload, start + RELOAD_AT_MOST_EVERY_MS - 1);
    expect(reload).toHaveBeenCalledTimes(1);
    reloadOnce(storage, reload, start + RELOAD_AT_MOST_EVERY_MS);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
