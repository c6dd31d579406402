/**
 * For tests of an HTTP provider adapter (mail, text messages): a `fetch` that records each call
 * and answers with `respond`, and a JSON response maker.
 */
export type RecordedCall = { url: string; init: RequestInit };

export function fakeFetch(respond: () => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return respond();
  };
  return { calls, fetch };
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
