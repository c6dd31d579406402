import { isRouteErrorResponse } from "react-router";

/**
 * What the error page shows of an error (spec §2 "Error page: shows the message (default text
 * Error) or the statusCode (default 500)"): its status, 500 when it has none, and its message when
 * it carries one meant for people — a thrown `data("…")` or `data({ message })`, or an Error's
 * message. React Router replaces a server error's message in production with "Unexpected Server
 * Error" (so no internal detail leaks); that one is no message, and the page says "Error" in the
 * visitor's language instead.
 */
export type ErrorDetails = { status: number; message: string | null };

const SANITIZED = "Unexpected Server Error";
const MAX_MESSAGE = 300;

export function errorDetails(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const body: unknown = error.data;
    const message = typeof body === "string" ? body : (body as { message?: unknown } | null)?.message;
    return { status: error.status || 500, message: usable(message) };
  }
  if (error instanceof Error) return { status: 500, message: usable(error.message) };
  return { status: 500, message: null };
}

function usable(message: unknown): string | null {
  if (typeof message !== "string") return null;
  const text = message.trim();
  return text && text !== SANITIZED ? text.slice(0, MAX_MESSAGE) : null;
}
