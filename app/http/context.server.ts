/**
 * Values every loader, action and middleware can read from React Router's context.
 */
import { createContext, type RouterContextProvider } from "react-router";
import { isDevelopment, type AppEnv } from "~/env.server";
import type { Database } from "~/db/client.server";
import { siteOrigin, type Site } from "~/sites/site.server";

export type AppServices = {
  env: AppEnv;
  db: Database;
  ctx: ExecutionContext;
  /** The visitor's country (ISO alpha-2) from Cloudflare, or the CF-IPCountry header locally. */
  country: string | null;
  now: () => Date;
};

export const servicesContext = createContext<AppServices>();
export const siteContext = createContext<Site>();

export const getServices = (context: Readonly<RouterContextProvider>) => context.get(servicesContext);
export const getSite = (context: Readonly<RouterContextProvider>) => context.get(siteContext);

/** The origin for absolute links of this request's site (see siteOrigin). */
export const linkOrigin = (context: Readonly<RouterContextProvider>, request: Request) =>
  siteOrigin(getSite(context), request, { development: isDevelopment(getServices(context).env) });
