/**
 * zod compiles object parsers with `new Function` where it can, and checks whether it can by trying
 * `new Function("")` when a schema is built. The page's Content-Security-Policy forbids eval, so in
 * the browser that try is refused and logged as a CSP violation (Lighthouse counts it against best
 * practices); workerd forbids eval too. zod's own switch for this is `config({ jitless: true })`,
 * but a call has to run before the first schema is built, and route modules build theirs as they
 * load. This build step makes "jitless" zod's default instead: one line after zod creates its global
 * configuration. It fails the build if zod's source changes shape, rather than quietly doing nothing.
 */
import { sourcePatch } from "./vite-source-patch";

const anchor = "export const globalConfig = globalThis.__zod_globalConfig;";

export const zodJitless = () =>
  sourcePatch("zod-jitless", /[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/, (code) => {
    if (!code.includes(anchor)) throw new Error(`zod-jitless: zod's core.js no longer has "${anchor}"`);
    return code.replace(anchor, `${anchor}\nglobalConfig.jitless ??= true;`);
  });
