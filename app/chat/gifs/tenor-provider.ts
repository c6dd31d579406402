/**
 * A Tenor-style HTTP GIF provider (Tenor API v2: GET /v2/search?q&key&client_key&locale&limit
 * &contentfilter&media_filter), chosen with GIF_PROVIDER=tenor and GIF_API_KEY. Its results point
 * at the provider's media host, the only addresses a GIF message from it may carry.
 */
import { z } from "zod";
import { GIF_RESULTS, type GifProvider, type GifResult } from "./gif-provider";

export const TENOR_API = "https://tenor.googleapis.com/v2";
export const TENOR_MEDIA_ORIGIN = "https://media.tenor.com";
/** A search runs while the member waits in the chat: an API that does not answer in time has failed (the route answers 502). */
export const TENOR_TIMEOUT_MS = 4_000;

/** A GIF on Tenor's media host: `/<id>/<name>.gif` (tinygif previews end the same way). */
const MEDIA_URL = /^https:\/\/media\.tenor\.com\/[A-Za-z0-9_-]{4,64}\/[A-Za-z0-9_.-]{1,128}\.gif$/;

const media = z.object({ url: z.string(), dims: z.array(z.number()).min(2) });
const searchReply = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      content_description: z.string().optional().default(""),
      media_formats: z.object({ gif: media.optional(), tinygif: media.optional() }),
    }),
  ),
});

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

export function tenorProvider(config: { apiKey: string; clientKey?: string; fetch?: Fetch; timeoutMs?: number }): GifProvider {
  const send: Fetch = config.fetch ?? ((url, init) => fetch(url, init));
  return {
    imageOrigins: [TENOR_MEDIA_ORIGIN],
    async search(query, locale) {
      const params = new URLSearchParams({
        q: query.trim() || "love",
        key: config.apiKey,
        client_key: config.clientKey ?? "dating-chat",
        locale: locale.slice(0, 2),
        limit: String(GIF_RESULTS),
        contentfilter: "medium",
        media_filter: "gif,tinygif",
      });
      // One time limit for the answer and its body.
      const signal = AbortSignal.timeout(config.timeoutMs ?? TENOR_TIMEOUT_MS);
      const response = await send(`${TENOR_API}/search?${params}`, { headers: { Accept: "application/json" }, signal });
      if (!response.ok) throw new Error(`GIF search failed: ${response.status}`);
      const parsed = searchReply.safeParse(await response.json());
      if (!parsed.success) throw new Error("GIF search answered something unexpected");
      return parsed.data.results.flatMap((result): GifResult[] => {
        const { gif, tinygif } = result.media_formats;
        if (!gif || !MEDIA_URL.test(gif.url)) return [];
        const preview = tinygif && MEDIA_URL.test(tinygif.url) ? tinygif : gif;
        return [
          {
            id: result.id,
            url: gif.url,
            preview: preview.url,
            width: gif.dims[0] ?? 0,
            height: gif.dims[1] ?? 0,
            title: result.content_description,
          },
        ];
      });
    },
    owns(url) {
      return MEDIA_URL.test(url);
    },
  };
}
