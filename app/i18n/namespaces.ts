/**
 * Which translation namespaces browsers get. Long content that pages render on the server and the
 * browser never needs as strings; the landers render without scripts (ADR 030), so their copy never
 * travels to the browser either, nor do the consent banner's and the conversion report's texts
 * (rendered on the server, ADR 031), nor the operator console's (its layout sends them, ADR 054). Read by the Worker (app/i18n/resources.server.ts) and by the
 * build, which writes every language's browser strings as one cacheable file
 * (tools/vite-plugin-translation-assets.ts, ADR 033).
 */
export const serverOnlyNamespaces: ReadonlySet<string> = new Set(["pages", "mail", "push", "landers", "acquisition", "admin"]);

export const isBrowserNamespace = (namespace: string) => !serverOnlyNamespaces.has(namespace);
