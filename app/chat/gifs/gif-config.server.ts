/**
 * Which GIF provider the deployment uses (product.md §10 "GIFs in chat"): the sticker catalogue
 * unless GIF_PROVIDER=tenor and GIF_API_KEY are set.
 */
import type { AppEnv } from "~/env.server";
import type { GifProvider } from "./gif-provider";
import { stickerProvider } from "./sticker-provider";
import { tenorProvider } from "./tenor-provider";

export function gifProviderFor(env: Pick<AppEnv, "GIF_PROVIDER" | "GIF_API_KEY">): GifProvider {
  if (env.GIF_PROVIDER === "tenor" && env.GIF_API_KEY) return tenorProvider({ apiKey: env.GIF_API_KEY });
  return stickerProvider;
}
