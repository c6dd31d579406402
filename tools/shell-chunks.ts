/**
 * Chunk names for the client build (ADR 034): the code every page of a layout loads goes in one
 * file per layout instead of the dozen small files Rolldown's automatic splitting makes of it.
 *
 * A phone on a slow connection pays a round trip per file before the page works (six at a time over
 * HTTP/1.1); the shell's modules load together on every page anyway, so one file costs no extra
 * byte and compresses better than its parts.
 *
 * - `shell`: what the entry and the root route import statically (the translations, the chunk-error
 *   reload, the root's components);
 * - `layout`: what the default and the chat layouts import statically beyond the shell (the top bar,
 *   the badges, the alerts; the chat pages use most of the default layout's parts).
 *
 * A module only routes import stays with the automatic splitting.
 * React and React Router are the `framework` group's (higher priority), not the shell's.
 */
import { relative } from "node:path";

type ModuleGraph = { getModuleInfo(id: string): { importers: readonly string[] } | null };

/** The roots, as paths from the project's root: the chunk each one names. */
export const SHELL_ROOTS: Record<string, string> = {
  "app/entry.client.tsx": "shell",
  "app/root.tsx": "shell",
  "app/routes/_layouts/default.tsx": "layout",
  "app/routes/_layouts/chat.tsx": "layout",
};

/** `name` functions for two advanced chunk groups (shell first): a module's chunk, or null when it has none. */
export function shellChunkName(projectRoot: string, roots: Record<string, string> = SHELL_ROOTS) {
  const rootOf = (id: string) => roots[relative(projectRoot, id.replace(/\?.*$/, ""))];
  const isEntry = (id: string) => relative(projectRoot, id).startsWith("app/entry.client.");

  /** The roots that import `id`, directly or through other modules (static imports only). */
  function rootsReaching(id: string, graph: ModuleGraph): Set<string> {
    const found = new Set<string>();
    const seen = new Set([id]);
    const queue = [id];
    for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
      const root = rootOf(next);
      if (root) found.add(root);
      for (const importer of graph.getModuleInfo(next)?.importers ?? []) {
        if (seen.has(importer)) continue;
        seen.add(importer);
        queue.push(importer);
      }
    }
    return found;
  }

  return {
    // The entry keeps its own file: evaluating it hydrates the page (the budget check imports route modules in Node).
    /** The shell's group: first, so that a layout's modules cannot pull the shell's into their file. */
    shell: (id: string, graph: ModuleGraph) => (!isEntry(id) && rootsReaching(id, graph).has("shell") ? "shell" : null),
    layout: (id: string, graph: ModuleGraph) => {
      const reaching = rootsReaching(id, graph);
      return reaching.has("layout") && !reaching.has("shell") ? "layout" : null;
    },
  };
}
