/**
 * The Worker's environment, validated once per isolate. Read configuration only through here.
 */
import { z } from "zod";

/** An optional variable: wrangler passes unset `[vars]` as empty strings, which mean "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const mailProviders = ["outbox", "resend"] as const;
export type MailProviderName = (typeof mailProviders)[number];

const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  DATABASE_URL: z.string().url(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /** Development only: serve this host's site whatever the request's host. */
  FORCE_HOST: z.string().optional(),
  /** Where mail goes (ADR 008): "resend" delivers, "outbox" only records it (the /dev/mail inbox). */
  MAIL_PROVIDER: optional(z.enum(mailProviders)),
  /** The provider's API key (a secret). Missing in production: every send fails, logged, and the cron retries. */
  MAIL_API_KEY: optional(z.string()),
  /** Sender address for every site; without it each site sends as noreply@<its domain>. */
  MAIL_FROM: optional(z.email()),
  /** Mollie's API key (a secret: `live_…` in production, `test_…` against Mollie's test mode or the simulator). */
  MOLLIE_API_KEY: optional(z.string()),
  /** Mollie's API base; development and tests point it at the local simulator (tools/mollie-simulator). */
  MOLLIE_API_URL: optional(z.url()),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type AppEnv = Omit<ParsedEnv, "MAIL_PROVIDER"> & { MAIL_PROVIDER: MailProviderName; PHOTOS: R2Bucket };

const cache = new WeakMap<object, AppEnv>();

export function readEnv(env: Env): AppEnv {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid Worker environment: ${z.prettifyError(parsed.error)}`);
  }
  const value: AppEnv = {
    ...parsed.data,
    FORCE_HOST: parsed.data.FORCE_HOST || undefined,
    // Production delivers for real unless told otherwise; everywhere else mail stays in the outbox.
    MAIL_PROVIDER: parsed.data.MAIL_PROVIDER ?? (parsed.data.APP_ENV === "production" ? "resend" : "outbox"),
    PHOTOS: env.PHOTOS,
  };
  cache.set(env, value);
  return value;
}

export const isDevelopment = (env: AppEnv) => env.APP_ENV !== "production";
