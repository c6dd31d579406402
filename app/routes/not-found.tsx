import { data } from "react-router";
import type { ScriptsHandle } from "~/browser/page-scripts";

/** A visitor gets the page as plain HTML, without React (ADR 032). */
export const handle = { scripts: "signed-in" } satisfies ScriptsHandle;

/** Any unmatched path (product.md §2): 404 'This page could not be found', shown by the layout's error page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
