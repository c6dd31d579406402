/**
 * The default GIF provider: the animated stickers in public/stickers/ (drawn by
 * tools/stickers.mjs), searched by their tags in the member's language, offline.
 */
import { GIF_RESULTS, type GifProvider, type GifResult } from "./gif-provider";
import { STICKERS, STICKER_SIZE, stickerUrl } from "./stickers";

/** Lower case without accents, so "cafe" finds "café" and "kuss" finds "Kuß"-less "kuss". */
function fold(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().trim();
}

export const stickerProvider: GifProvider = {
  imageOrigins: [],
  async search(query, locale) {
    const words = fold(query).split(/\s+/).filter(Boolean);
    const language = locale.slice(0, 2);
    const found = STICKERS.filter((sticker) => {
      if (words.length === 0) return true;
      const tags = [...(sticker.tags[language] ?? []), ...sticker.tags.en].map(fold);
      return words.every((word) => tags.some((tag) => tag.includes(word)));
    });
    return found.slice(0, GIF_RESULTS).map(
      (sticker): GifResult => ({
        id: sticker.id,
        url: stickerUrl(sticker.id),
        preview: stickerUrl(sticker.id),
        width: STICKER_SIZE,
        height: STICKER_SIZE,
        title: sticker.tags[language]?.[0] ?? sticker.tags.en[0] ?? sticker.id,
      }),
    );
  },
  owns(url) {
    return STICKERS.some((sticker) => stickerUrl(sticker.id) === url);
  },
};
