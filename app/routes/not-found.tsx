import { data } from "react-router";

/** Any unmatched path (product.md §2): 404 'This page could not be found', shown by the layout's error page. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
