/**
 * Calls one of the app's JSON endpoints from the browser with a plain `fetch` (through `callApi`:
 * retries and the quiet sign-out): a fetcher would send a 4xx answer (a member who is gone, a
 * refused action) to the page's error boundary.
 */
import { callApi } from "~/utils/call-api";

export type JsonReply<T> = { ok: true; body: T } | { ok: false; status: number; message: string | null };

/** A POST; `retry` when the call may safely run twice (it sets a state), see `callApi`. */
export function postJson<T>(url: string, body: Record<string, unknown>, retry = false): Promise<JsonReply<T>> {
  return requestJson<T>("POST", url, body, retry);
}

export async function requestJson<T>(
  method: "POST" | "PUT" | "DELETE",
  url: string,
  body: Record<string, unknown>,
  retry = method !== "POST",
): Promise<JsonReply<T>> {
  try {
    const response = await callApi(
      url,
      { method, headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) },
      retry,
    );
    const payload: unknown = await response.json().catch(() => null);
    if (response.ok) return { ok: true, body: payload as T };
    const message =
      payload && typeof payload === "object" && "message" in payload && typeof payload.message === "string" ? payload.message : null;
    return { ok: false, status: response.status, message };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}
