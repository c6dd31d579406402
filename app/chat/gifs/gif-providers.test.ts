import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { supportedLanguages } from "~/i18n/languages";
import { fakeFetch, jsonResponse } from "~/utils/fake-fetch";
import { stickerProvider } from "./sticker-provider";
import { STICKERS, stickerUrl } from "./stickers";
import { TENOR_API, tenorProvider } from "./tenor-provider";

describe("the sticker catalogue", () => {
  it("has a drawing and search tags in every language for each sticker", () => {
    for (const sticker of STICKERS) {
      expect(existsSync(resolve("public", stickerUrl(sticker.id).slice(1))), sticker.id).toBe(true);
      for (const language of supportedLanguages) expect(sticker.tags[language]?.length, `${sticker.id} ${language}`).toBeGreaterThan(0);
    }
  });

  it("finds stickers by their tags in the member's language, without caring for accents or case", async () => {
    const ids = async (query: string, locale: string) => (await stickerProvider.search(query, locale)).map((gif) => gif.id);
    expect(await ids("kus", "nl")).toContain("kiss");
    expect(await ids("Küsschen", "de")).toContain("kiss");
    expect(await ids("cafe", "fr")).toEqual(["coffee"]);
    expect(await ids("god natt", "nb")).toEqual(["moon"]);
    expect(await ids("hello", "pl")).toContain("wave");
    expect(await ids("", "fi")).toHaveLength(STICKERS.length);
    expect(await ids("zzzz", "nl")).toEqual([]);
  });

  it("owns only its own sticker addresses", () => {
    expect(stickerProvider.owns("/stickers/kiss.svg")).toBe(true);
    for (const url of [
      "/stickers/nope.svg",
      "/stickers/../photos/a.jpg",
      "https://evil.example/stickers/kiss.svg",
      "/stickers/kiss.svg?x=1",
    ])
      expect(stickerProvider.owns(url), url).toBe(false);
  });
});

describe("the Tenor-style provider", () => {
  const media = (id: string) => `https://media.tenor.com/${id}AAAAC/happy-dance.gif`;
  const reply = {
    results: [
      {
        id: "1",
        content_description: "Happy dance",
        media_formats: { gif: { url: media("abc"), dims: [498, 280] }, tinygif: { url: media("abd"), dims: [220, 124] } },
      },
      // Anything not on the provider's media host is dropped, never offered.
      { id: "2", content_description: "Pixel", media_formats: { gif: { url: "https://tracker.example/p.gif", dims: [1, 1] } } },
    ],
  };

  it("asks the API in the member's language with its key and keeps only media-host GIFs", async () => {
    const { calls, fetch } = fakeFetch(() => jsonResponse(reply));
    const provider = tenorProvider({ apiKey: "key-123", fetch });
    const results = await provider.search("dance", "de-DE");
    expect(results).toEqual([{ id: "1", url: media("abc"), preview: media("abd"), width: 498, height: 280, title: "Happy dance" }]);
    const url = new URL(calls[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe(`${TENOR_API}/search`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ q: "dance", key: "key-123", locale: "de", contentfilter: "medium" });
  });

  it("fails loudly on an error or an unexpected answer (the route answers 502)", async () => {
    await expect(tenorProvider({ apiKey: "k", fetch: fakeFetch(() => jsonResponse({}, 500)).fetch }).search("x", "nl")).rejects.toThrow();
    await expect(
      tenorProvider({ apiKey: "k", fetch: fakeFetch(() => jsonResponse({ nope: 1 })).fetch }).search("x", "nl"),
    ).rejects.toThrow();
  });

  it("gives up on an API that does not answer in time", async () => {
    // An API that never answers, as a hung connection: only the provider's time limit ends the wait.
    const hung = (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    await expect(tenorProvider({ apiKey: "k", fetch: hung, timeoutMs: 20 }).search("x", "nl")).rejects.toThrow(/timed out|abort/i);
  });

  it("owns only GIFs on its media host", () => {
    const provider = tenorProvider({ apiKey: "k" });
    expect(provider.owns(media("abc"))).toBe(true);
    for (const url of [
      "https://media.tenor.com.evil.example/abc/x.gif",
      "http://media.tenor.com/abcd/x.gif",
      "https://media.tenor.com/abcd/x.gif?track=1",
      "/stickers/kiss.svg",
    ])
      expect(provider.owns(url), url).toBe(false);
    expect(provider.imageOrigins).toEqual(["https://media.tenor.com"]);
  });
});
