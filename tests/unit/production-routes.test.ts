/**
 * A production build (`CLOUDFLARE_ENV=production`) has no developer tools: no mail or SMS inbox,
 * no benchmark baseline page. A development build has them.
 */
import { afterEach, describe, expect, it, vi } from "vitest";

type Entry = { path?: string; children?: Entry[] };
const paths = (entries: Entry[]): string[] => entries.flatMap((entry) => [entry.path ?? "", ...paths(entry.children ?? [])]);

async function routePaths(cloudflareEnv: string | undefined) {
  vi.resetModules();
  vi.stubEnv("CLOUDFLARE_ENV", cloudflareEnv ?? "");
  const { default: routes } = await import("~/routes");
  return paths(routes as Entry[]);
}

afterEach(() => vi.unstubAllEnvs());

describe("the route table", () => {
  it("leaves the developer's tools out of a production build", async () => {
    const production = await routePaths("production");
    expect(production).toContain("api/payment-webhook.php");
    for (const path of ["dev/mail", "dev/sms", "__bench/baseline"]) expect(production).not.toContain(path);
  });

  it("keeps them in a development build", async () => {
    expect(await routePaths(undefined)).toEqual(expect.arrayContaining(["dev/mail", "dev/sms", "__bench/baseline"]));
  });
});
