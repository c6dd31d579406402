/**
 * The network an address belongs to, for limits per network range (ADR 053): a /24 for IPv4 (the
 * smallest block usually routed to one customer), a /48 for IPv6 (what one site is usually given),
 * so a bot cannot dodge a per-address limit by walking through neighbouring addresses.
 */
export function networkRange(ip: string): string {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.trim().toLowerCase().split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = ip.includes("::") ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 3)
    .map((group) => Number.parseInt(group || "0", 16).toString(16))
    .join(":")}::/48`;
}
