/**
 * The one error shape of every JSON call (`/api/*.php`): `{ error, message }` — a stable code for
 * the client's logic and a sentence in the member's language for a person to read. Answers about a
 * member are never cached.
 */
import { data, type RouterContextProvider } from "react-router";
import { getI18n } from "./i18n.server";

export type ApiError<Code extends string = string> = { error: Code; message: string };

/** Private answers: no shared cache keeps them, no browser cache reuses them. */
export const NO_STORE = { "Cache-Control": "private, no-store" } as const;

/** A refusal in the API's shape; return it from a resource route, or throw it from a guard. */
export function apiError<Code extends string>(status: number, error: Code, message: string, headers?: HeadersInit) {
  const all = new Headers(headers);
  all.set("Cache-Control", NO_STORE["Cache-Control"]);
  return data<ApiError<Code>>({ error, message }, { status, headers: all });
}

/**
 * The action of a JSON call that only answers GET: a 405 in the API's shape (React Router's own
 * answer to a method without a handler is a bare "Unexpected Server Error").
 */
export function onlyGet({ context }: { context: Readonly<RouterContextProvider> }) {
  return apiError(405, "method_not_allowed", getI18n(context).t("messages.generic"), { Allow: "GET, HEAD" });
}
