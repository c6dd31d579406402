/**
 * Every call the browser makes to the app's JSON API goes through `callApi` (product.md §7–§9):
 * - a network error or a 5xx answer is tried again, up to RETRIES times, waiting 200 ms, 400 ms,
 *   800 ms, 1.6 s and 3.2 s — only for calls that may run twice: GET, PUT and DELETE, and a POST or
 *   PATCH whose caller says so (`retry`: it sets a state, like blocking). A call that spends credits
 *   or records something is never repeated;
 * - a try that has not been answered in full within TRY_TIME_LIMIT_MS is abandoned like a network
 *   error: a phone that loses its connection between networks otherwise keeps a spinner until the
 *   browser gives up, minutes later. A POST abandoned that way is not repeated either: the server
 *   may have done it;
 * - a 403 "authentication_required" on any call but the user call (/api/user.php) means the session
 *   is gone: the member lands on the login page, and the call never settles (nothing to show).
 * After the last try the answer (or fetch's network error) goes to the caller as it is.
 */
import * as urls from "~/urls";

export const RETRIES = 5;
export const FIRST_RETRY_DELAY_MS = 200;
export const TRY_TIME_LIMIT_MS = 20_000;

export async function callApi(url: string, init: RequestInit = {}, retry = !/^(POST|PATCH)$/i.test(init.method ?? "")): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const last = !retry || attempt === RETRIES;
    const response = await fetch(url, { ...init, signal: timeLimited(init.signal) }).catch((error: unknown) => {
      if (last) throw error;
    });
    if (response && (response.status < 500 || last)) {
      if (
        response.status === 403 &&
        !url.startsWith(urls.apiUser) &&
        (await response.clone().text()).includes('"authentication_required"')
      ) {
        location.assign(urls.login);
        return new Promise<never>(() => {});
      }
      return response;
    }
    await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_DELAY_MS * 2 ** attempt));
  }
}

/**
 * A signal that aborts after TRY_TIME_LIMIT_MS, or with the caller's. It covers reading the answer
 * too, so it is never cleared: aborting a call that has settled does nothing.
 */
function timeLimited(signal: AbortSignal | null | undefined): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(new DOMException("The call took too long", "TimeoutError")), TRY_TIME_LIMIT_MS);
  if (signal?.aborted) controller.abort(signal.reason);
  signal?.addEventListener("abort", () => controller.abort(signal.reason), { once: true });
  return controller.signal;
}
