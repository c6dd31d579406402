import { parseWithZod } from "@conform-to/zod/v4";
import type { $ZodType } from "zod/v4/core";
import { data } from "react-router";

/**
 * The fields of a posted form. A body that is not a form (JSON, plain text, a broken multipart
 * body) is the client's mistake: a 400 with the translated error page, never a 500. Every action
 * reads its form this way.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ error: "invalid_form" }, { status: 400 });
  }
}

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

/**
 * An action's form, read (`readForm`) and parsed by the form's zod schema (zod/mini for forms the
 * browser also checks, ADR 028); the submission gives Conform's reply for the page either way.
 */
export async function parseForm<Schema extends $ZodType>(request: Request, schema: Schema) {
  const formData = await readForm(request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}
