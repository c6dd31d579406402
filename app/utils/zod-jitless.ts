/**
 * What `import … from "zod"` resolves to in the app's build (vite.config.ts): zod itself, told to
 * parse without compiling parsers at run time. zod tries `new Function` when it builds an object
 * schema; the page's Content-Security-Policy forbids eval, so in the browser that attempt is only
 * a logged CSP violation (and workerd forbids it too). This module runs before any schema is built,
 * because every module that builds one imports "zod" first.
 */
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
