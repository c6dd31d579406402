import { describe, expect, it } from "vitest";
import { clientChunkGroups, shellChunkNames } from "../../tools/client-chunks";

/** A module graph as Rolldown shows it to a chunk group: each module with its static importers. */
function graphOf(importers: Record<string, string[]>) {
  return { getModuleInfo: (id: string) => (id in importers ? { importers: importers[id]! } : null) };
}

describe("the client build's shell chunks (ADR 034)", () => {
  const root = "/project";
  const graph = graphOf({
    "/project/app/entry.client.tsx": [],
    "/project/app/root.tsx?client-route-module": [],
    "/project/app/root.tsx": ["/project/app/routes/_layouts/default.tsx"],
    "/project/app/i18n/translation-store.ts": ["/project/app/entry.client.tsx", "/project/app/root.tsx"],
    "/project/app/routes/_layouts/default.tsx": [],
    "/project/app/components/layout/TopNav.tsx": ["/project/app/routes/_layouts/default.tsx"],
    "/project/app/components/NavBadge.tsx": ["/project/app/components/layout/TopNav.tsx", "/project/app/routes/likes.tsx"],
    "/project/app/routes/likes.tsx": [],
    "/project/app/components/LikeButton.tsx": ["/project/app/routes/likes.tsx", "/project/app/routes/members.tsx"],
  });
  const chunks = shellChunkNames(root);

  it("puts what the entry and the root import in the shell, but not the entry itself", () => {
    expect(chunks.shell("/project/app/i18n/translation-store.ts", graph)).toBe("shell");
    expect(chunks.shell("/project/app/root.tsx", graph)).toBe("shell");
    expect(chunks.shell("/project/app/entry.client.tsx", graph)).toBeNull();
  });

  it("puts what a layout imports, through any depth, in the layout's file", () => {
    expect(chunks.layout("/project/app/components/layout/TopNav.tsx", graph)).toBe("layout");
    expect(chunks.layout("/project/app/components/NavBadge.tsx", graph)).toBe("layout");
    expect(chunks.shell("/project/app/components/NavBadge.tsx", graph)).toBeNull();
  });

  it("leaves what only routes import to the automatic splitting", () => {
    expect(chunks.shell("/project/app/components/LikeButton.tsx", graph)).toBeNull();
    expect(chunks.layout("/project/app/components/LikeButton.tsx", graph)).toBeNull();
  });
});

describe("the client build's feature chunks (ADR 034)", () => {
  const groups = clientChunkGroups("/project");
  /** The first group (highest priority) whose test takes the module. */
  const groupOf = (id: string) =>
    groups.find(({ name, test }) => typeof name === "string" && (typeof test === "function" ? test(id) : test?.test(id)))?.name;

  it("keeps React, the form libraries and the member tiles each in their file", () => {
    expect(groupOf("/project/node_modules/react-dom/cjs/react-dom-client.production.js")).toBe("framework");
    expect(groupOf("/project/node_modules/zod/v4/mini/schemas.js")).toBe("forms");
    expect(groupOf("/project/node_modules/@conform-to/react/future/hooks.mjs")).toBe("forms");
    expect(groupOf("/project/app/components/profiles/ProfileTile.tsx")).toBe("members");
    expect(groupOf("/project/app/components/discovery/LikeButton.tsx")).toBe("members");
    expect(groupOf("/project/app/components/photos/PhotoManager.tsx")).toBe("profile-editor");
  });

  it("keeps the photo preparation, which the chat loads on demand, out of the profile editor's file", () => {
    expect(groupOf("/project/app/components/photos/prepare-upload.ts")).toBe("prepare-upload");
  });

  it("leaves a page's own components to the automatic splitting", () => {
    expect(groupOf("/project/app/components/chat/ChatScreen.tsx")).toBeUndefined();
    expect(groupOf("/project/app/components/profiles/ProfileTiles.tsx")).toBeUndefined();
  });
});
