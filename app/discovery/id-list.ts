/**
 * A list of member ids in the URL (`?seen=1,2,3`): the members a page already showed, kept by the
 * page itself instead of the database. Anything that is not a positive id is dropped, duplicates
 * too, and only the last `max` are kept — a bad value never fails the page.
 */
export function parseIdList(value: string | null, max: number): number[] {
  if (!value) return [];
  const ids = new Set<number>();
  for (const part of value.slice(0, max * 16).split(",")) {
    if (!/^\d{1,15}$/.test(part)) continue;
    const id = Number(part);
    if (id > 0 && Number.isSafeInteger(id)) {
      ids.delete(id);
      ids.add(id);
    }
  }
  return [...ids].slice(-max);
}

export function formatIdList(ids: readonly number[], max: number): string {
  return [...new Set(ids)].slice(-max).join(",");
}
