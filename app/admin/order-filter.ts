/** The orders filter of /admin/orders and its CSV export, read from the query string. */

export const ORDER_STATUSES = ["open", "pending", "paid", "failed", "canceled", "expired", "refunded", "charged_back"] as const;

export type OrderFilter = {
  siteId?: number;
  status?: (typeof ORDER_STATUSES)[number];
  method?: string;
  country?: string;
  /** Calendar days (UTC), inclusive. */
  from?: string;
  to?: string;
  id?: number;
};

const day = /^\d{4}-\d{2}-\d{2}$/;

export function orderFilterOf(query: URLSearchParams): OrderFilter & { text: Record<string, string> } {
  const text = Object.fromEntries(
    ["site", "status", "method", "country", "from", "to", "id"].map((key) => [key, (query.get(key) ?? "").trim().slice(0, 20)]),
  );
  const positive = (value: string) => (/^[1-9]\d{0,11}$/.test(value) ? Number(value) : undefined);
  return {
    text,
    siteId: positive(text.site ?? ""),
    id: positive(text.id ?? ""),
    status: (ORDER_STATUSES as readonly string[]).includes(text.status ?? "") ? (text.status as OrderFilter["status"]) : undefined,
    method: /^[a-z]{2,20}$/.test(text.method ?? "") ? text.method : undefined,
    country: /^[A-Za-z]{2}$/.test(text.country ?? "") ? text.country?.toUpperCase() : undefined,
    from: day.test(text.from ?? "") ? text.from : undefined,
    to: day.test(text.to ?? "") ? text.to : undefined,
  };
}
