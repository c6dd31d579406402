import { data, type RouterContextProvider } from "react-router";
import { getUser, type CurrentUser } from "~/accounts/current-user.server";

/**
 * The signed-in moderator. Anyone else — visitors included — gets the plain 404 of a page that
 * does not exist: the moderation area does not announce itself.
 */
export function requireModerator(context: Readonly<RouterContextProvider>): CurrentUser {
  const user = getUser(context);
  if (!user || user.role !== "moderator") throw data(null, { status: 404 });
  return user;
}
