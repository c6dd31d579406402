import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type $ZodType, type input, type output, safeParse } from "zod/v4/core";
import { data } from "react-router";
import { readBodyWithin } from "~/utils/bounded-body.server";

/** A JSON call's input: the schema's values, or why there are none. */
export type ValuesInput<Values> = { success: true; data: Values } | { success: false; tooLarge: boolean };

type FormInput<Schema extends $ZodType> = { formData: FormData; submission: Submission<input<Schema>, string[], output<Schema>> };

/**
 * The one reader of a request's body: every action and JSON call reads its input here, once.
 * - `readInput(request)`: a page's form. A body that is not a form (JSON, plain text, a broken
 *   multipart body) is the client's mistake: a 400 with the translated error page, never a 500.
 * - `readInput(request, schema)`: the same form parsed by the form's zod schema (zod/mini for forms
 *   the browser also checks, ADR 028); Conform's submission gives the page's field errors.
 * - `readInput(request, schema, { from: "values" })`: a JSON call's input, a JSON body or the
 *   fields of a form posted without JavaScript, checked by the schema. An unreadable body fails the
 *   check like a wrong one, and the call answers its own JSON 400; with `maxBytes`, a larger body is
 *   not read at all (`tooLarge`).
 */
export async function readInput(request: Request): Promise<FormData>;
export async function readInput<Schema extends $ZodType>(request: Request, schema: Schema): Promise<FormInput<Schema>>;
export async function readInput<Schema extends $ZodType>(
  request: Request,
  schema: Schema,
  options: { from: "values"; maxBytes?: number },
): Promise<ValuesInput<output<Schema>>>;
export async function readInput<Schema extends $ZodType>(
  request: Request,
  schema?: Schema,
  options?: { from: "values"; maxBytes?: number },
): Promise<FormData | FormInput<Schema> | ValuesInput<output<Schema>>> {
  if (schema && options?.from === "values") return readValues(request, schema, options.maxBytes);
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data({ error: "invalid_form" }, { status: 400 });
  }
  return schema ? { formData, submission: parseWithZod(formData, { schema }) } : formData;
}

async function readValues<Schema extends $ZodType>(
  request: Request,
  schema: Schema,
  maxBytes?: number,
): Promise<ValuesInput<output<Schema>>> {
  let body: Request | Response = request;
  if (maxBytes !== undefined) {
    const bytes = await readBodyWithin(request, maxBytes);
    if (!bytes) return { success: false, tooLarge: true };
    body = new Response(bytes, { headers: { "Content-Type": request.headers.get("Content-Type") ?? "" } });
  }
  let values: unknown = null;
  try {
    if ((request.headers.get("Content-Type") ?? "").includes("application/json")) values = await body.json();
    else values = Object.fromEntries(await body.formData());
  } catch {
    values = null;
  }
  const parsed = safeParse(schema, values);
  return parsed.success ? { success: true, data: parsed.data } : { success: false, tooLarge: false };
}
