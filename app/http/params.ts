/** A positive id from the URL, or null. */
export function idParam(value: string | undefined | null): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
