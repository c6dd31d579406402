/**
 * Values every loader, action and middleware can read from React Router's context.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { isDevelopment, type AppEnv } from "~/env.server";
import type { Database } from "~/db/client.server";
import type { LandingVisit } from "~/acquisition/landing.server";
import { siteOrigin, type LocalizedSite, type Site } from "~/sites/site.server";

/** What the render tells the edge cache about the page (ADR 048): the acquisition visit it counts (acquisition.server.ts). */
export type EdgeRenderNotes = {
  visit: LandingVisit | null;
  /** False while a stale copy is rendered again: the visitor who got the copy was counted already. */
  countVisits: boolean;
};

export type AppServices = {
  env: AppEnv;
  db: Database;
  ctx: ExecutionContext;
  /** The visitor's country (ISO alpha-2) from Cloudflare, or the CF-IPCountry header locally. */
  country: string | null;
  now: () => Date;
  /** What the page tells the edge cache about itself (ADR 048); absent where there is no edge cache (cron, sockets). */
  edge?: EdgeRenderNotes;
};

export const servicesContext = createContext<AppServices>();
export const siteContext = createContext<Site>();
/** The site with its texts in the request's language; set once the language is known (root middleware). */
export const localizedSiteContext = createContext<LocalizedSite>();

export const getServices = (context: Readonly<RouterContextProvider>) => context.get(servicesContext);
/** The request's site, its texts in the visitor's language (loaders, actions, and middleware after the language's). */
export const getSite = (context: Readonly<RouterContextProvider>) => context.get(localizedSiteContext);
/** The request's site before its language is known (the middleware that find the user and the language). */
export const getRequestSite = (context: Readonly<RouterContextProvider>) => context.get(siteContext);

/** The origin for absolute links of this request's site (see siteOrigin). */
export const linkOrigin = (context: Readonly<RouterContextProvider>, request: Request) =>
  siteOrigin(getRequestSite(context), request, { development: isDevelopment(getServices(context).env) });
