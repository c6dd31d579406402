import { describe, expect, it } from "vitest";
import { parseExplainFiles } from "./import-graph";

describe("the compiler's file listing", () => {
  it("becomes one edge per import reason, whatever the path form", () => {
    const listing = [
      "node_modules/react-router/dist/production/index.d.ts",
      "   Imported via \"react-router\" from file 'app/root.tsx' with packageId 'react-router/dist/production/index.d.ts@8.4.0'",
      '   File is ECMAScript module because \'node_modules/react-router/package.json\' has field "type" with value "module"',
      "app/http/guards.server.ts",
      "   Imported via \"~/http/guards.server\" from file 'app/routes/home.tsx'",
      "   Imported via '../http/guards.server' from file 'app/accounts/session.server.ts'",
      "   Matched by include pattern 'app/**/*' in 'tsconfig.cloudflare.json'",
      "app/components/layout/deferred.tsx",
      "   Imported via \"~/components/layout/deferred\" from file 'app/routes/_layouts/default.tsx'",
      "",
    ].join("\n");
    expect(parseExplainFiles(listing)).toEqual([
      { from: "app/root.tsx", to: "node_modules/react-router/dist/production/index.d.ts", specifier: "react-router" },
      { from: "app/routes/home.tsx", to: "app/http/guards.server.ts", specifier: "~/http/guards.server" },
      { from: "app/accounts/session.server.ts", to: "app/http/guards.server.ts", specifier: "../http/guards.server" },
      { from: "app/routes/_layouts/default.tsx", to: "app/components/layout/deferred.tsx", specifier: "~/components/layout/deferred" },
    ]);
  });
});
