/**
 * The values a JSON endpoint was sent: a JSON body, or the fields of a form posted without
 * JavaScript. Null when the body cannot be read; the caller's schema decides what is valid.
 */
export async function readRequestValues(request: Request): Promise<unknown> {
  try {
    if ((request.headers.get("Content-Type") ?? "").includes("application/json")) return await request.json();
    return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
}
