/** A lander's title and description, from its loader (in the lander's language). */
export function landerMeta({ loaderData }: { loaderData?: { title: string; description: string } }) {
  return loaderData ? [{ title: loaderData.title }, { name: "description", content: loaderData.description }] : [];
}
