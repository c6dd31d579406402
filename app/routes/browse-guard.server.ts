import { data, type RouterContextProvider } from "react-router";
import { getServices } from "~/http/context.server";
import { isDevelopment } from "~/env.server";
import { withinBrowseLimits } from "~/security/browse-limit.server";
import { BROWSE_LIMITS, connectingIp } from "~/security/browse-limits";
import { getUser } from "~/http/guards.server";

/**
 * For the loaders of pages that show members (search, profiles): counts the view and answers 429
 * ("slow down", translated) once the client or the member reads faster than a person does.
 */
export async function guardBrowsing(request: Request, context: Readonly<RouterContextProvider>): Promise<void> {
  const { db, env, now } = getServices(context);
  // The HTTP benchmark measures the pages, not the limit; production always counts.
  if (env.BROWSE_LIMITS === "off" && isDevelopment(env)) return;
  const allowed = await withinBrowseLimits(
    { db, limiters: env.BROWSE_LIMITERS, now: now() },
    { ip: connectingIp(request, { development: isDevelopment(env) }), userId: getUser(context)?.id ?? null },
  );
  if (!allowed) {
    throw data({ error: "too_many_requests" }, { status: 429, headers: { "Retry-After": String(BROWSE_LIMITS.windowSeconds) } });
  }
}

/**
 * `guardBrowsing` and the page's reads at once (ADR 047): the limit's write and the reads travel in
 * the same round trip instead of one after the other. A refused request still answers 429 and
 * nothing it read; what it read is thrown away (a client over the limit costs the database one
 * page's reads, never a member's data).
 */
export async function whileGuardingBrowsing<T>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  work: () => Promise<T>,
): Promise<T> {
  const [guard, result] = await Promise.allSettled([guardBrowsing(request, context), work()]);
  if (guard.status === "rejected") throw guard.reason;
  if (result.status === "rejected") throw result.reason;
  return result.value;
}
