/**
 * The one error shape of every JSON call (`/api/*.php`): `{ error, message }` — a stable code for
 * the client's logic and a sentence in the member's language for a person to read. Answers about a
 * member are never cached.
 */
import { data } from "react-router";

export type ApiError<Code extends string = string> = { error: Code; message: string };

/** Private answers: no shared cache keeps them, no browser cache reuses them. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A refusal in the API's shape; return it from a resource route, or throw it from a guard. */
export function apiError<Code extends string>(status: number, error: Code, message: string, headers?: HeadersInit) {
  const all = new Headers(headers);
  all.set("Cache-Control", NO_STORE["Cache-Control"]);
  return data<ApiError<Code>>({ error, message }, { status, headers: all });
}
