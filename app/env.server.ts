/**
 * The Worker's environment, validated once per isolate. Read configuration only through here.
 */
import { z } from "zod";

const envSchema = z.object({
  APP_ENV: z.enum(["development", "test", "production"]).default("production"),
  DATABASE_URL: z.string().url(),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /** Development only: serve this host's site whatever the request's host. */
  FORCE_HOST: z.string().optional(),
});

export type AppEnv = z.infer<typeof envSchema> & { PHOTOS: R2Bucket };

const cache = new WeakMap<object, AppEnv>();

export function readEnv(env: Env): AppEnv {
  const cached = cache.get(env);
  if (cached) return cached;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid Worker environment: ${z.prettifyError(parsed.error)}`);
  }
  const value: AppEnv = { ...parsed.data, FORCE_HOST: parsed.data.FORCE_HOST || undefined, PHOTOS: env.PHOTOS };
  cache.set(env, value);
  return value;
}

export const isDevelopment = (env: AppEnv) => env.APP_ENV !== "production";
