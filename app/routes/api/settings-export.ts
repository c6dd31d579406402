// Being built in issue #3; replaced by the feature module.
export function loader() {
  return new Response("Not found", { status: 404 });
}
