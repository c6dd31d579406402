/**
 * The strings a lander renders with (ADR 030): the page's own language, which a lander's slug may
 * choose (product.md §10 "Landers"), with the interface namespaces and the lander copy.
 */
import type { Language } from "~/i18n/languages";
import { clientResources, resources } from "~/i18n/resources.server";

export function landerResources(language: Language): Record<string, Record<string, unknown>> {
  const landers = (resources[language] as Record<string, Record<string, unknown>> | undefined)?.landers ?? {};
  return { ...clientResources(language), landers };
}
