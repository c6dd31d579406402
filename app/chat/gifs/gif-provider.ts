/**
 * The GIF search of the chat (product.md §10 "GIFs in chat") behind one interface: the default is
 * the sticker catalogue that ships with the app (offline, our own drawings); a Tenor-style HTTP
 * provider is chosen by configuration (GIF_PROVIDER, GIF_API_KEY). A GIF message stores the
 * address a provider gave, and only an address the provider recognises as its own is accepted:
 * no arbitrary URLs, so no message can carry a tracking pixel or another site's image.
 */

/** One GIF of a search: `url` is what the message shows, `preview` the smaller image of the results. */
export type GifResult = { id: string; url: string; preview: string; width: number; height: number; title: string };

export interface GifProvider {
  /** GIFs for a query in the member's language (an empty query: the provider's favourites). */
  search(query: string, locale: string): Promise<GifResult[]>;
  /** Whether `url` is one of this provider's GIFs. */
  owns(url: string): boolean;
  /** Origins the browser loads the provider's images from (the CSP's img-src); none for our own. */
  readonly imageOrigins: readonly string[];
}

/** How many results a search shows. */
export const GIF_RESULTS = 24;
/** The longest query the search takes. */
export const GIF_QUERY_MAX = 64;
