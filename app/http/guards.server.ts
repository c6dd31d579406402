/**
 * Who may use a route, in one place. Loaders and actions call one of these first:
 * - `requireUser`: pages for any signed-in account (else the login page, coming back here);
 * - `requireMember`: pages that need a profile too (else the rest of signup, /complete-signup);
 * - `requireDiscoveryMember`: discovery pages, which also need the member's orientation and place;
 * - `requireApiUser`: JSON calls (product.md §8: a 403 whose body says authentication is required);
 * - `requireModerator`: the moderation area (a plain 404 for everyone else: it does not announce itself);
 *   an admin may moderate too;
 * - `requireAdmin`: the operator console under /admin (ADR 054): the same 404 for everyone but an
 *   admin, and an admin whose session has not passed the step-up goes to /admin/verify first.
 */
import { createContext, data, redirect, type RouterContextProvider, href } from "react-router";
import type { CurrentUser } from "~/accounts/current-user.server";
import type { DiscoveryMember } from "~/discovery/member.server";
import type { SessionClaim } from "./session-claim.server";
import { apiError } from "./api-errors.server";
import { getServices } from "./context.server";

type Context = Readonly<RouterContextProvider>;

/** Set by the user middleware for every request: the signed-in account, or null. */
export const userContext = createContext<CurrentUser | null>(null);

export type Member = CurrentUser & { profile: NonNullable<CurrentUser["profile"]> };

/**
 * Set by the user middleware instead of the member for the one request that checks its session in
 * its own batch: a chat send (ADR 059, app/http/session-claim.server.ts).
 */
export const sessionClaimContext = createContext<SessionClaim | null>(null);

export function getUser(context: Context): CurrentUser | null {
  return context.get(userContext);
}

/**
 * The member for a request whose session may be claimed (a chat send, ADR 059): when it is, the
 * session is read now, the ordinary way (for what the send's own batch could not decide).
 */
export async function requireMemberOfClaim(context: Context, request: Request): Promise<Member> {
  await context.get(sessionClaimContext)?.loadMember();
  return requireMember(context, request);
}

export function requireUser(context: Context, request: Request): CurrentUser {
  const user = getUser(context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`${href("/login")}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

export function requireMember(context: Context, request: Request): Member {
  const user = requireUser(context, request);
  if (!user.profile) throw redirect(href("/complete-signup"));
  return { ...user, profile: user.profile };
}

/** The session's read already holds what discovery needs of the member (ADR 047): no round trip of its own. */
export async function requireDiscoveryMember(context: Context, request: Request) {
  const user = requireMember(context, request);
  const { id, siteId, gender, sexuality, birthDate, country, regionId } = user.profile;
  const member: DiscoveryMember = { id, siteId, gender, sexuality, birthDate, country, regionId };
  return { user, member };
}

export function requireApiUser(context: Context): CurrentUser {
  const user = getUser(context);
  if (user) return user;
  throw apiError(403, "authentication_required", "Authentication required");
}

export function requireModerator(context: Context): CurrentUser {
  const user = getUser(context);
  if (user?.role !== "moderator" && user?.role !== "admin") throw data(null, { status: 404 });
  return user;
}

/** An admin's step-up counts for this long in a session; then the console asks for it again. */
export const STEP_UP_SECONDS = 12 * 60 * 60;

export function hasSteppedUp(user: Pick<CurrentUser, "sessionStepUpAt">, now: Date): boolean {
  return user.sessionStepUpAt !== null && now.getTime() - user.sessionStepUpAt.getTime() < STEP_UP_SECONDS * 1000;
}

/** Only an admin, before the step-up (the /admin/verify page itself). */
export function requireAdminAccount(context: Context): CurrentUser {
  const user = getUser(context);
  if (user?.role !== "admin") throw data(null, { status: 404 });
  return user;
}

/** Every console page and action: an admin whose session passed the step-up. */
export function requireAdmin(context: Context, request: Request): CurrentUser {
  const user = requireAdminAccount(context);
  if (!hasSteppedUp(user, getServices(context).now())) {
    const url = new URL(request.url);
    throw redirect(`${href("/admin/verify")}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}
