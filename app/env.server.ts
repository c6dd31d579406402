/**
 * The Worker's environment, validated once per isolate. Read configuration only through here.
 */
import { z } from "zod";
import type { InboxNamespace } from "~/live/live.server";
import type { BrowseLimiters } from "~/security/browse-limit.server";
import { isVapidJwk } from "~/security/vapid";

/** An optional variable: wrangler passes unset `[vars]` as empty strings, which mean "not set". */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

export const mailProviders = ["outbox", "resend"] as const;
export type MailProviderName = (typeof mailProviders)[number];

export const smsProviders = ["outbox", "messagebird"] as const;
export type SmsProviderName = (typeof smsProviders)[number];

const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  /** Tests only (APP_ENV "test"): a scheduled run does only these cron jobs (comma-separated names). */
  CRON_JOBS: optional(z.string()),
  DATABASE_URL: z.string().url(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /** How long one exchange with the database may take, in milliseconds (default 5,000): then the page answers 503. */
  DATABASE_TIMEOUT_MS: optional(z.coerce.number().int().min(50).max(60_000)),
  /** Development only: serve this host's site whatever the request's host. */
  FORCE_HOST: z.string().optional(),
  /**
   * Development only: the port `npm start` serves on, so links in mails that cron jobs send (no
   * request to take the origin from) point at this machine instead of the site's domain.
   */
  LOCAL_PORT: optional(z.coerce.number().int().min(1).max(65535)),
  /**
   * Visitor pages and public photos from the data centre's cache (ADR 048): "on" by default in
   * production, "off" elsewhere (development and tests see every change at once); "on" tries it locally.
   */
  EDGE_CACHE: optional(z.enum(["on", "off"])),
  /** Development only: "off" lifts the browsing limits of search and profile pages (the HTTP benchmark). */
  BROWSE_LIMITS: optional(z.enum(["on", "off"])),
  /** Where mail goes (ADR 008): "resend" delivers, "outbox" only records it (the /dev/mail inbox). */
  MAIL_PROVIDER: optional(z.enum(mailProviders)),
  /** The provider's API key (a secret). Missing in production: every send fails, logged, and the cron retries. */
  MAIL_API_KEY: optional(z.string()),
  /** The signing secret (`whsec_…`) of the provider's webhook for bounces and complaints; without it /api/mail-webhook.php is a 404. */
  MAIL_WEBHOOK_SECRET: optional(z.string().startsWith("whsec_")),
  /** Sender address for every site; without it each site sends as noreply@<its domain>. */
  MAIL_FROM: optional(z.email()),
  /** Mollie's API key (a secret: `live_…` in production, `test_…` against Mollie's test mode or the simulator). */
  MOLLIE_API_KEY: optional(z.string()),
  /** Mollie's API base; development and tests point it at the local simulator (tools/mollie-simulator). */
  MOLLIE_API_URL: optional(z.url()),
  /** How long one call to Mollie may take, in milliseconds (default 10,000): then it counts as Mollie being down. */
  MOLLIE_TIMEOUT_MS: optional(z.coerce.number().int().min(50).max(60_000)),
  /** Where text messages go (the direct-debit codes): "messagebird" delivers, "outbox" only records them (/dev/sms). */
  SMS_PROVIDER: optional(z.enum(smsProviders)),
  /** MessageBird's access key (a secret). Missing in production: every text fails, recorded as failed in sms_outbox. */
  SMS_API_KEY: optional(z.string()),
  /** The sender shown on the phone: a phone number or up to 11 letters and digits; without it, the site's name. */
  SMS_ORIGINATOR: optional(z.string().regex(/^(\+?\d{1,15}|[A-Za-z0-9 ]{1,11})$/)),
  /**
   * The deployment's VAPID key pair for web push (ADR 026): the private key as a P-256 JWK (JSON
   * with x, y and d; a secret, made by `npm run vapid-keys`). Its public half is what browsers
   * subscribe with. Unset: no push is offered or sent.
   */
  VAPID_PRIVATE_KEY: optional(z.string().refine(isVapidJwk, "must be a P-256 JWK with x, y and d (npm run vapid-keys)")),
  /** The chat's GIF search (product.md §10): "stickers" (default, the catalogue that ships with the app) or "tenor". */
  GIF_PROVIDER: optional(z.enum(["stickers", "tenor"])),
  /** The HTTP GIF provider's API key (a secret); without it the stickers are used. */
  GIF_API_KEY: optional(z.string()),
  /** The contact push services may write to about our pushes: mailto: or https:. */
  VAPID_SUBJECT: optional(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/)),
});

type ParsedEnv = z.infer<typeof envSchema>;
export type AppEnv = Omit<ParsedEnv, "MAIL_PROVIDER"> & {
  MAIL_PROVIDER: MailProviderName;
  PHOTOS: R2Bucket;
  /** Cloudflare's rate limiters for browsing (production only; elsewhere the rate-limit table counts). */
  BROWSE_LIMITERS: BrowseLimiters;
  /** The members' inboxes for live chat (ADR 027); absent in a Worker without the binding. */
  INBOX?: InboxNamespace;
};

/** The rate-limiting bindings of `[env.production]` in wrangler.toml, when this Worker has them. */
type RateLimitBindings = { BROWSE_LIMIT_IP?: RateLimit; BROWSE_LIMIT_MEMBER?: RateLimit };

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
    SMS_PROVIDER: smsProviderName(parsed.data),
    PHOTOS: env.PHOTOS,
    INBOX: (env as { INBOX?: InboxNamespace }).INBOX,
    BROWSE_LIMITERS: { ip: (env as RateLimitBindings).BROWSE_LIMIT_IP, member: (env as RateLimitBindings).BROWSE_LIMIT_MEMBER },
  };
  cache.set(env, value);
  return value;
}

export const isDevelopment = (env: Pick<AppEnv, "APP_ENV">) => env.APP_ENV !== "production";

/** Texts are delivered in production unless told otherwise; everywhere else they stay in sms_outbox. */
export const smsProviderName = (env: Pick<AppEnv, "APP_ENV" | "SMS_PROVIDER">): SmsProviderName =>
  env.SMS_PROVIDER ?? (env.APP_ENV === "production" ? "messagebird" : "outbox");
