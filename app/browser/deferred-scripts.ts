/**
 * What React Router's scripts are written as until the page starts them (ADR 063): values a
 * browser does not act on. tools/vite-plugin-react-router-deferred-scripts.ts writes them in the
 * build; ./start-scripts.inline.js looks for them (a unit test holds the two to these names).
 */
export const DEFERRED_PRELOAD_REL = "x-modulepreload";
export const DEFERRED_MODULE_TYPE = "x-module";
