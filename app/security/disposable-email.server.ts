/**
 * Disposable ("throwaway") e-mail domains are refused at signup (ADR 053). The list is a maintained
 * package, `disposable-email-domains-js` (CC0, regenerated from the community list it follows): it is
 * kept current by upgrading the package, never edited here. The Set is built on first use, once
 * per isolate, not at startup.
 */
import { disposableEmailBlocklist } from "disposable-email-domains-js";

let domains: ReadonlySet<string> | null = null;

/** True when the address's domain, or a domain it belongs to (`x.mailinator.com`), is a disposable one. */
export function isDisposableEmail(email: string): boolean {
  domains ??= new Set(disposableEmailBlocklist());
  const domain = email
    .slice(email.lastIndexOf("@") + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, "");
  const labels = domain.split(".");
  for (let start = 0; start < labels.length - 1; start++) if (domains.has(labels.slice(start).join("."))) return true;
  return false;
}
