import { href } from "react-router";
import { Component, type ReactNode } from "react";
import type { Translate } from "~/i18n/translation";
import { errorDetails } from "./error-details";

/**
 * The error page of product.md §2/§8: 404 'This page could not be found' with 'Back to the home
 * page'; any other error shows its message (default 'Error') and its status code (default 500)
 * (./error-details.ts); without a message of its own, a 400 (a body the app could not read), a 429
 * (reading faster than a person does) and a 503 say so.
 * Without translations (the root loader itself failed) it falls back to the English texts of product.md §2.
 */
/** What the page says for errors the visitor can do something about. */
const messageKeys: Record<number, string> = { 400: "errors.badRequest", 429: "errors.tooManyRequests", 503: "errors.unavailable" };

export function ErrorPage({ error, t }: { error: unknown; t?: Translate }) {
  const { status, message } = errorDetails(error);
  const notFound = status === 404;
  const title = notFound ? (t?.("errors.notFound") ?? "This page could not be found") : (message ?? t?.("errors.title") ?? "Error");
  return (
    <ErrorPageFailureBoundary>
      {/* React hoists it into <head>: the failed route's meta has no data to give a title. */}
      <title>{title}</title>
      <main className="container error-page" id="main">
        <p className="error-page__status" aria-hidden="true">
          {status}
        </p>
        <h1>{title}</h1>
        {!notFound && !message && t && <p>{t(messageKeys[status] ?? "errors.generic")}</p>}
        <p>
          <a className="btn btn-primary" href={href("/")}>
            {notFound ? (t?.("errors.backHome") ?? "Back to the home page") : (t?.("errors.goHome") ?? "Go back to home")}
          </a>
        </p>
      </main>
    </ErrorPageFailureBoundary>
  );
}

/** product.md §8: when showing the error page fails itself. */
class ErrorPageFailureBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="container error-page" id="main">
        <h1>An error occurred while showing the error page</h1>
        <p>
          <a href={href("/")}>Go back to home</a>
        </p>
      </main>
    );
  }
}
