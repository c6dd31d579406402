/**
 * How the client build groups modules into files (ADR 028, ADR 034).
 *
 * Rolldown's automatic splitting makes a file of every set of modules a different set of routes
 * shares: a member page loaded some 35 files, many under 1 KB. A phone on a slow connection pays a
 * round trip per file before the page works (six at a time over HTTP/1.1), so modules that load
 * together go in one file:
 *
 * - `framework`: React, ReactDOM and React Router (every page; one file compresses 3 KB better);
 * - `shell`: what the entry and the root route import statically (the translations, the chunk-error
 *   reload, the root's components) — on every hydrated page;
 * - `layout`: what the default and the chat layouts import statically beyond the shell (the top
 *   bar, the badges, the alerts; the chat pages use most of the default layout's parts), and a few
 *   small helpers most member pages use;
 * - `forms`: zod, Conform and the form hook, for the pages with a validated form;
 * - `members`: the member tile, the like button and the block and unblock controls, for the pages
 *   that list or show members;
 * - `profile-editor`: the profile's fields, the location picker and the photo manager, for
 *   `/profile` and the signup steps.
 *
 * Everything else keeps the automatic splitting. The budget check (tools/bundle-budget.mjs) counts
 * every route's first load with these groups, so a group that grows too wide shows there.
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

/** Small helpers many member pages use (dates and numbers, the JSON API calls, a form's messages, the photo rules): in the layout's file too. */
export const LAYOUT_HELPERS = [
  "app/i18n/format.ts",
  "app/utils/call-api.ts",
  "app/components/forms/FieldError.tsx",
  "app/photos/photo-api.ts",
];

/**
 * `name` functions for the shell and layout groups (the shell's first, so that a layout's modules
 * cannot pull the shell's into their file): a module's chunk, or null when it has none.
 */
export function shellChunkNames(projectRoot: string, roots: Record<string, string> = SHELL_ROOTS, helpers = LAYOUT_HELPERS) {
  const rootOf = (id: string) => roots[relative(projectRoot, id.replace(/\?.*$/, ""))];
  // The entry keeps its own file: evaluating it hydrates the page (and the budget check imports route modules in Node).
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
    shell: (id: string, graph: ModuleGraph) => (!isEntry(id) && rootsReaching(id, graph).has("shell") ? "shell" : null),
    layout: (id: string, graph: ModuleGraph) => {
      if (helpers.includes(relative(projectRoot, id))) return "layout";
      const reaching = rootsReaching(id, graph);
      return reaching.has("layout") && !reaching.has("shell") ? "layout" : null;
    },
  };
}

const inNodeModules = (packages: string) => new RegExp(`node_modules[\\\\/](${packages})[\\\\/]`);
const inApp = (paths: string[]) => new RegExp(`app[\\\\/](${paths.map((path) => path.replaceAll("/", "[\\\\/]")).join("|")})\\.`);

/** The groups for `output.advancedChunks.groups`, highest priority first. */
export function clientChunkGroups(projectRoot: string) {
  const shell = shellChunkNames(projectRoot);
  const formLibraries = inNodeModules("zod|@conform-to");
  const formHelpers = inApp(["components/forms/use-zod-form", "utils/clean-text"]);
  return [
    { name: "framework", test: inNodeModules("react|react-dom|scheduler|react-router"), priority: 5 },
    { name: shell.shell, priority: 4 },
    { name: shell.layout, priority: 3 },
    // A group takes its modules' imports along: the photo preparation, which the chat's photo sender
    // also loads (on demand), keeps a file of its own instead of joining the profile editor's.
    { name: "prepare-upload", test: inApp(["components/photos/prepare-upload"]), priority: 2 },
    { name: "forms", test: (id: string) => formLibraries.test(id) || formHelpers.test(id), priority: 1 },
    {
      name: "members",
      test: inApp([
        "components/profiles/(ProfileTile|MemberSilhouette|FictionalMark|FictionalNotice|UnblockButton|BlockUserModal|post-json)",
        "components/discovery/(like-client|LikeButton)",
      ]),
      priority: 1,
    },
    {
      name: "profile-editor",
      test: inApp([
        "components/forms/(SelectField|ProfileBasicsFields)",
        "components/profiles/LocationPicker",
        "components/photos/PhotoManager",
      ]),
      priority: 1,
    },
  ];
}
