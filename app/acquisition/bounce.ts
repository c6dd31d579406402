/**
 * The `lb` query parameter (product.md §3, page bounce logging): a link carrying `lb=<page>` records
 * a bounce of that page when it is followed (app/http/acquisition.server.ts). For a lander's ways
 * out that are not a signup: `bounceHref("/", "/landers/video")` → `/?lb=%2Flanders%2Fvideo`.
 */
export function bounceHref(to: string, from: string): string {
  const [path, query = ""] = to.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set("lb", from);
  return `${path}?${params}`;
}
