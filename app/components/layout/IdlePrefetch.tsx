import { useContext, useEffect, useState } from "react";
import { matchRoutes, UNSAFE_DataRouterContext, UNSAFE_FrameworkContext, useLocation } from "react-router";

/** spec §9: "Prefetch idle timeout 2000 ms". */
export const PREFETCH_IDLE_TIMEOUT_MS = 2_000;

/**
 * Prefetches the code of a member's likely next pages once the browser is idle (at the latest after
 * 2000 ms): the route modules those pages need, as `modulepreload` links, so following a link in the
 * navigation waits for no download. Only code: the pages' data is fresh when they are opened (a
 * prefetched loader would count as a page view and be stale by then). Part of the default layout's
 * deferred part, for signed-in members; visitors' plain pages load no script at all (ADR 032).
 */
export function IdlePrefetch({ pages }: { pages: readonly string[] }) {
  const framework = useContext(UNSAFE_FrameworkContext);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  const { pathname } = useLocation();
  const [hrefs, setHrefs] = useState<string[]>([]);
  useEffect(() => {
    if (!framework || !dataRouter) return;
    const prefetch = () => {
      const modules = new Set<string>();
      for (const page of pages) {
        if (page === pathname) continue;
        for (const match of matchRoutes(dataRouter.router.routes, page) ?? []) {
          const route = framework.manifest.routes[match.route.id];
          if (!route?.module) continue;
          modules.add(route.module);
          for (const chunk of route.imports ?? []) modules.add(chunk);
        }
      }
      setHrefs([...modules]);
    };
    if (typeof requestIdleCallback !== "function") {
      const timer = setTimeout(prefetch, PREFETCH_IDLE_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(prefetch, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(idle);
  }, [framework, dataRouter, pages, pathname]);
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="modulepreload" href={href} data-prefetch="idle" />
      ))}
    </>
  );
}
