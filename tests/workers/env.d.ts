/// <reference types="@cloudflare/vitest-plugin/types" />

/** Vite's `?raw` imports: a file's text. */
declare module "*?raw" {
  const text: string;
  export default text;
}
