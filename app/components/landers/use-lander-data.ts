import { useRouteLoaderData } from "react-router";
import type { LanderLayoutData } from "~/routes/_layouts/lander";

/** The lander layout's data (its language, the site's fictional icon and words, signed in or not). */
export function useLanderData(): LanderLayoutData {
  const data = useRouteLoaderData<LanderLayoutData>("lander");
  if (!data) throw new Error("useLanderData outside the lander layout");
  return data;
}
