import { describe, expect, it } from "vitest";
import { inlineHrefs } from "./vite-plugin-static-href";

const module = (body: string) => `import { Link, href } from "react-router";\n${body}`;
/** The address a written-out call gives at runtime. */
const run = (body: string, scope: Record<string, unknown> = {}) => {
  const code = inlineHrefs(module(`const address = ${body};`));
  if (code === null) return null;
  const expression = code.slice(code.indexOf("const address = ") + 16, -1);
  return new Function(...Object.keys(scope), `return ${expression};`)(...Object.values(scope)) as string;
};

describe("href() calls written out at build time", () => {
  it("turns addresses without runtime values into strings", () => {
    expect(inlineHrefs(module('const a = href("/login"); const b = href("/pages/:page", { page: "terms" });'))).toBe(
      module('const a = "/login"; const b = "/pages/terms";'),
    );
    expect(inlineHrefs(module('<a href={href("/")} />'))).toBe(module('<a href={"/"} />'));
    expect(run('href("/credits/:id/:paymentmethod?", { id: "p2" })')).toBe("/credits/p2");
  });

  it("fills runtime values in as React Router's href does", () => {
    const profile = { id: 42 };
    expect(run('href("/members/:id/chat", { id: String(profile.id) })', { profile })).toBe("/members/42/chat");
    expect(run('href("/api/passkeys/:step", { step })', { step: "login-options" })).toBe("/api/passkeys/login-options");
    expect(run('href("/credits/:id/:paymentmethod?", { id: key, paymentmethod: method })', { key: "p1", method: "paypal" })).toBe(
      "/credits/p1/paypal",
    );
    expect(run('href("/transactions/:id?", { id: order })', { order: undefined })).toBe("/transactions");
    expect(run('href("/likes/:type", { type: tab })', { tab: "a b/c" })).toBe("/likes/a%20b%2Fc");
  });

  it("leaves calls it cannot read, and modules without React Router's href, alone", () => {
    expect(inlineHrefs(module('href("/members/:id")'))).toBeNull();
    expect(inlineHrefs(module('href("/photos/*", { "*": path })'))).toBeNull();
    expect(inlineHrefs(module('href("/members/:id", { id: ids[f(a, b)] })'))).not.toBeNull();
    expect(inlineHrefs('const href = (path) => path; href("/login");')).toBeNull();
  });
});
