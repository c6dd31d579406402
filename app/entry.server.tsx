import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { getServices } from "~/http/context.server";
import { isDevelopment } from "~/env.server";
import { gifProviderFor } from "~/chat/gifs/gif-config.server";
import { contentSecurityPolicy, createNonce } from "~/security/headers.server";
import { documentExtras } from "~/http/document.server";
import { supportedLanguages } from "~/i18n/languages";
import { clientResources } from "~/i18n/resources.server";
import { provideResources } from "~/i18n/translation-store";
import { pageInlineScripts } from "~/browser/page-scripts";
import { getUser } from "~/http/guards.server";

// The Worker renders every page with the strings browsers fetch as files (ADR 033).
for (const language of supportedLanguages) provideResources(language, clientResources(language));

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = createNonce();
  const { env } = getServices(loadContext);
  const development = isDevelopment(env);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");

  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
    nonce,
    signal: AbortSignal.timeout(streamTimeout + 1_000),
    onError(error: unknown) {
      responseStatusCode = 500;
      // Log streaming errors that happen after the shell rendered; earlier ones reject above.
      if (shellRendered) console.error(error);
    },
  });
  shellRendered = true;

  // Crawlers and SPA-less clients get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) {
    await body.allReady;
  }

  // SEO tags, the cookie banner, the accepted third-party scripts (ADR 031), every page's
  // page-hidden beacon (product.md §7) and the inline scripts of pages without React (ADR 032), added to the stream.
  const extras = documentExtras(loadContext, request, responseStatusCode, {
    pageHiddenBeacon: sendsPageHiddenBeacon(routerContext),
    inlineScripts: pageInlineScripts(matchedHandles(routerContext), getUser(loadContext) !== null),
  });
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  // The chat's GIF provider serves its images from its own host (none for the stickers).
  const sources = extras?.csp ?? { script: [], connect: [], img: [] };
  const thirdParty = { ...sources, img: [...sources.img, ...gifProviderFor(env).imageOrigins] };
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, development, new URL(request.url).host, thirdParty));
  // The one typeface (ADR 025): its latin subset is on every page; a header preloads it without client code.
  responseHeaders.append("Link", '</fonts/nunito-latin.woff2>; rel=preload; as=font; type="font/woff2"; crossorigin');
  const response = new Response(body, { headers: responseHeaders, status: responseStatusCode });
  return extras ? extras.rewrite(response, nonce) : response;
}

/** The matched routes' `handle`s, as app/root.tsx reads them with useMatches(). */
function matchedHandles({ staticHandlerContext, routeModules }: EntryContext): { handle: unknown }[] {
  return staticHandlerContext.matches.map((match) => ({ handle: routeModules[match.route.id]?.handle }));
}

/** product.md §7: every page sends the page-hidden beacon; an error page does not. */
function sendsPageHiddenBeacon(routerContext: EntryContext): boolean {
  return !routerContext.staticHandlerContext.errors;
}

/**
 * Errors worth an operator's attention. A client's mistake (a 4xx such as a POST to a page that
 * takes none) is answered with its page and not logged, so scanners do not flood the logs.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
