/** product.md §2/§9: the like modal shows after the `t` query value in seconds; this accepts 0–600 whole seconds, else none. */
export const MAX_LIKE_MODAL_DELAY = 600;

export function likeModalDelay(value: string | null): number | null {
  if (value === null || !/^\d{1,3}$/.test(value)) return null;
  const seconds = Number(value);
  return seconds <= MAX_LIKE_MODAL_DELAY ? seconds : null;
}
