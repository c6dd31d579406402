/**
 * The signed-in member of a request, loaded once by the user middleware (app/http) from the
 * session cookie; routes read it through the guards of app/http/guards.server.ts.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import type { Sexuality } from "~/profiles/profile-schema";
import { sessionIdOf } from "./session.server";

export type CurrentUser = {
  id: number;
  siteId: number;
  email: string;
  status: "not_confirmed" | "confirmed" | "deleted" | "erased" | "banned";
  role: "member" | "moderator" | "admin";
  credits: number;
  paidUser: boolean;
  spendingBlocked: boolean;
  language: string;
  invisible: boolean;
  signupAt: Date;
  emailDisabledReason: string | null;
  sessionId: string;
  sessionExpiresAt: Date;
  /** When the member last proved who they are in this session: sign-in or re-authentication (reauthentication.server.ts). */
  sessionAuthenticatedAt: Date;
  /** When this session proved the admin step-up (a passkey or the mailed code; ADR 054), or null. */
  sessionStepUpAt: Date | null;
  profile: {
    id: number;
    name: string;
    status: "active" | "disabled" | "deleted";
    gender: "male" | "female";
    /** With `gender`, whom the member looks for (soughtGenders): the profile page's related members. */
    sexuality: Sexuality;
    /** With the place, what discovery needs of the member looking: the pages need no read of their own (ADR 047). */
    siteId: number;
    birthDate: string;
    country: string;
    regionId: number | null;
    mainPhotoThumb: string | null;
  } | null;
};

/** The account of the session token the browser sent, on this site; null when there is none. */
export async function loadCurrentUser(db: Database, token: string | null, siteId: number, now: Date): Promise<CurrentUser | null> {
  const sessionId = sessionIdOf(token);
  if (!sessionId) return null;
  const { sessions, users, profiles, photos } = schema;
  const [row] = await db
    .select({
      sessionExpiresAt: sessions.expiresAt,
      sessionAuthenticatedAt: sql<Date>`coalesce(${sessions.authenticatedAt}, ${sessions.createdAt})`.mapWith(sessions.createdAt),
      sessionStepUpAt: sessions.stepUpAt,
      // Every page asks: only the columns a request uses (the password hash stays in the database).
      user: {
        id: users.id,
        siteId: users.siteId,
        email: users.email,
        status: users.status,
        role: users.role,
        credits: users.credits,
        paidUser: users.paidUser,
        spendingBlocked: users.spendingBlocked,
        language: users.language,
        invisible: users.invisible,
        signupAt: users.signupAt,
        emailDisabledReason: users.emailDisabledReason,
      },
      profile: {
        id: profiles.id,
        name: profiles.name,
        status: profiles.status,
        gender: profiles.gender,
        sexuality: profiles.sexuality,
        siteId: profiles.siteId,
        birthDate: profiles.birthDate,
        country: profiles.country,
        regionId: profiles.regionId,
        mainPhotoThumb: photos.thumbKey,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.status, "active")))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  if (!row || row.user.siteId !== siteId) return null;
  const { user } = row;
  if (user.status !== "confirmed" && user.status !== "not_confirmed") return null;
  return {
    id: user.id,
    siteId: user.siteId,
    email: user.email,
    status: user.status,
    role: user.role,
    credits: user.credits,
    paidUser: user.paidUser,
    spendingBlocked: user.spendingBlocked,
    language: user.language,
    invisible: user.invisible,
    signupAt: user.signupAt,
    emailDisabledReason: user.emailDisabledReason,
    sessionId,
    sessionExpiresAt: row.sessionExpiresAt,
    sessionAuthenticatedAt: row.sessionAuthenticatedAt,
    sessionStepUpAt: row.sessionStepUpAt,
    profile: profileOf(row.profile),
  };
}

type ProfileRow = {
  id: number | null;
  name: string | null;
  status: "active" | "disabled" | "deleted" | null;
  gender: "male" | "female" | null;
  sexuality: Sexuality | null;
  siteId: number | null;
  birthDate: string | null;
  country: string | null;
  regionId: number | null;
  mainPhotoThumb: string | null;
};

function profileOf(row: ProfileRow | null): CurrentUser["profile"] {
  if (
    !row ||
    row.id === null ||
    row.name === null ||
    row.status === null ||
    row.gender === null ||
    row.sexuality === null ||
    row.siteId === null ||
    row.birthDate === null ||
    row.country === null
  )
    return null;
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    gender: row.gender,
    sexuality: row.sexuality,
    siteId: row.siteId,
    birthDate: row.birthDate,
    country: row.country,
    regionId: row.regionId,
    mainPhotoThumb: row.mainPhotoThumb ? `/${row.mainPhotoThumb}` : null,
  };
}
