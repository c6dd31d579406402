/**
 * A site as the operator writes it on /admin/sites: key, name, domain (its host name), language,
 * further host names, and every setting of product.md §3 as JSON — checked by the same schema the
 * app reads settings with (app/sites/site-settings.ts) in the action.
 */
import { z } from "zod/mini";

const hostName = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const siteSchema = z.object({
  siteId: z.optional(z.int().check(z.positive())),
  key: z.string("admin:sites.errors.key").check(z.trim(), z.regex(/^[a-z0-9-]{2,40}$/, "admin:sites.errors.key")),
  name: z
    .string("admin:sites.errors.name")
    .check(z.trim(), z.minLength(2, "admin:sites.errors.name"), z.maxLength(80, "admin:sites.errors.name")),
  domain: z.string("admin:sites.errors.host").check(z.trim(), z.toLowerCase(), z.regex(hostName, "admin:sites.errors.host")),
  domainLanguage: z.string("admin:sites.errors.language").check(z.trim(), z.regex(/^[a-z]{2}_[A-Z]{2}$/, "admin:sites.errors.language")),
  hosts: z.optional(z.string().check(z.trim(), z.maxLength(2000, "admin:sites.errors.host"))),
  /** The version of the site's settings the form was loaded with (`settingsVersion`): a save over a newer one is refused. */
  loaded: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  settings: z
    .string("admin:sites.errors.settings")
    .check(z.minLength(2, "admin:sites.errors.settings"), z.maxLength(200_000, "admin:sites.errors.settings")),
});

export const isHostName = (value: string) => hostName.test(value);
