import { useRootData } from "~/root";
import { cdnUrl } from "~/sites/cdn";

/**
 * The address of a public photo or static image on this site's CDN (spec §3 `cdn_prefix`,
 * app/sites/cdn.ts). Only for what anyone may see: never a private, pending or chat photo.
 */
export function useCdnUrl(): { (path: string): string; (path: string | null): string | null } {
  const prefix = useRootData()?.site.cdnPrefix ?? "";
  return ((path: string | null) => cdnUrl(prefix, path)) as { (path: string): string; (path: string | null): string | null };
}
