/**
 * Values every loader, action and middleware can read from React Router's context.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { AppEnv } from "~/env.server";
import type { Database } from "~/db/client.server";
import type { Site } from "~/sites/site.server";

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
