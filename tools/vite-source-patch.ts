/**
 * A build step that rewrites one file of a dependency (the React, React Router and zod patches of
 * vite.config.ts). `patch` throws when the source no longer has the shape it expects, and the build
 * fails with its message, rather than quietly shipping the dependency unchanged.
 */
import type { Plugin } from "vite";

export function sourcePatch(name: string, file: RegExp, patch: (code: string) => string): Plugin {
  return {
    name,
    transform(code, id) {
      if (!file.test(id)) return null;
      try {
        return { code: patch(code), map: null };
      } catch (error) {
        this.error((error as Error).message);
      }
    },
  };
}
