// Being built (issues #4/#5); replaced by the feature module.
export function loader() {
  return new Response("Not found", { status: 404 });
}
