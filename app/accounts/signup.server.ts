/**
 * Creating an account (signup step 1, product.md §2/§3): the user (not_confirmed, in the visitor's
 * language), its profile (disabled until the e-mail address is confirmed), the visitor's tracking
 * record (product.md §10 "Acquisition"), the activation mail and a session, so the new member goes
 * on with the next signup steps signed in.
 */
import { and, eq, sql } from "drizzle-orm";
import { fromKnownTrafficSource, type TrackingRecord } from "~/acquisition/tracking.server";
import { sendActivationMail } from "~/accounts/activation.server";
import { normalizeEmail } from "~/accounts/login.server";
import { hashPassword } from "~/accounts/password.server";
import { createSession } from "~/accounts/session.server";
import { startTimeBonus } from "~/payments/time-bonus.server";
import type { AccountFormConfig, SignupAccount } from "~/accounts/signup-schema";
import { schema } from "~/db/client.server";
import type { MailDeps } from "~/mail/mail.server";
import { latestBirthDate, sexualityOf } from "~/profiles/profile-schema";
import { isDisposableEmail } from "~/security/disposable-email.server";
import { networkRange } from "~/security/network-range";
import { SIGNUPS_PER_NETWORK_PER_HOUR } from "./signup-limits";
import { withinLimits } from "~/security/rate-limit.server";
import type { SiteSettings } from "~/sites/site-settings";
import type { Site } from "~/sites/site.server";

/** Abuse protection (product.md §9): 5 new accounts per IP address and 5 attempts per address an hour. */
export const SIGNUPS_PER_IP_PER_HOUR = 5;
export { SIGNUPS_PER_NETWORK_PER_HOUR } from "./signup-limits";
export const SIGNUPS_PER_ADDRESS_PER_HOUR = 5;
const HOUR = 60 * 60;

export type SignupGate = "open" | "invite_only";

/**
 * product.md §4: `all` lets everyone sign up; `with_trafficsource` only visitors who came through a
 * traffic source (any network, or one of the site's `trafficNetworks` when it names some); anything
 * else is invite-only.
 */
export function signupGate(settings: Pick<SiteSettings, "signups" | "trafficNetworks">, tracking: TrackingRecord | null): SignupGate {
  if (settings.signups === "all") return "open";
  if (settings.signups === "with_trafficsource" && fromKnownTrafficSource(tracking, settings.trafficNetworks)) return "open";
  return "invite_only";
}

/** Niche 7 is the gay site (product.md §2 lander slugs): men looking for men by default. */
const GAY_NICHE = 7;

/** The account form's settings: the site's countries (the visitor's own first choice when served). */
export function accountFormConfig(site: Site, visitorCountry: string | null, now: Date): AccountFormConfig {
  const { settings } = site;
  const gay = settings.niche === GAY_NICHE;
  return {
    minAge: settings.minAge,
    today: now.toISOString().slice(0, 10),
    maxBirthDate: latestBirthDate(settings.minAge, now),
    countries: settings.countries,
    defaultCountry: visitorCountry && settings.countries.includes(visitorCountry) ? visitorCountry : settings.countries[0]!,
    defaultGender: "male",
    defaultSeeking: gay ? "male" : "female",
    graceDays: settings.deletionGraceDays,
  };
}

/**
 * What an address already on this site means for a new signup (product.md §8 "existing active
 * account on signup" and "deleted account not yet final"):
 * - active: offer to log in or reset the password;
 * - deleted: deleted within the grace period, logging in reactivates it;
 * - other: unusable (deleted for good, banned), only the duplicate message.
 */
export type ExistingAccount = "active" | "deleted" | "other";

export type SignupOutcome =
  | { ok: true; userId: number; profileId: number; sessionToken: string }
  | { ok: false; reason: "email_taken"; existing: ExistingAccount }
  | { ok: false; reason: "rate_limited" }
  | { ok: false; reason: "disposable_email" };

export type NewAccount = SignupAccount & { locale: string; tracking: TrackingRecord | null; ip: string };

async function existingAccount(deps: MailDeps, email: string): Promise<ExistingAccount | null> {
  const row = await deps.db.query.users.findFirst({
    columns: { status: true, deletedAt: true },
    where: and(eq(schema.users.siteId, deps.site.id), eq(schema.users.email, email)),
  });
  if (!row) return null;
  if (row.status === "confirmed" || row.status === "not_confirmed") return "active";
  const graceMs = deps.site.settings.deletionGraceDays * 24 * 60 * 60 * 1000;
  if (row.status === "deleted" && row.deletedAt && row.deletedAt.getTime() > deps.now.getTime() - graceMs) return "deleted";
  return "other";
}

export async function createAccount(deps: MailDeps, request: Request, input: NewAccount): Promise<SignupOutcome> {
  const { db, site, now } = deps;
  const email = normalizeEmail(input.email);
  // A throwaway address is refused before anything is counted or stored (ADR 053).
  if (isDisposableEmail(email)) return { ok: false, reason: "disposable_email" };
  const allowed = await withinLimits(
    db,
    [
      { key: `signup:ip:${input.ip}`, limit: SIGNUPS_PER_IP_PER_HOUR, windowSeconds: HOUR },
      { key: `signup:net:${networkRange(input.ip)}`, limit: SIGNUPS_PER_NETWORK_PER_HOUR, windowSeconds: HOUR },
      { key: `signup:email:${site.id}:${email}`, limit: SIGNUPS_PER_ADDRESS_PER_HOUR, windowSeconds: HOUR },
    ],
    now,
  );
  if (!allowed) return { ok: false, reason: "rate_limited" };

  const existing = await existingAccount(deps, email);
  if (existing) return { ok: false, reason: "email_taken", existing };

  const passwordHash = await hashPassword(input.password);
  // The profile and tracking rows find the new user by its unique (site, e-mail): one batch, one
  // transaction, so an account never exists without its profile.
  const newUserId = sql<number>`(SELECT id FROM users WHERE site_id = ${site.id} AND email = ${email})`;
  const insertUser = db.insert(schema.users).values({
    siteId: site.id,
    email,
    passwordHash,
    status: "not_confirmed",
    language: input.locale,
    signupAt: now,
    lastSeenAt: now,
  });
  const insertProfile = db
    .insert(schema.profiles)
    .values({
      userId: newUserId,
      siteId: site.id,
      name: input.name,
      gender: input.gender,
      sexuality: sexualityOf(input.gender, input.seeking),
      birthDate: input.date_of_birth,
      country: input.country,
      aboutMe: input.signup_message || null,
      status: "disabled",
      lastActiveAt: now,
      createdAt: now,
    })
    .returning({ id: schema.profiles.id, userId: schema.profiles.userId });
  const welcomeBonus = startTimeBonus(db, { siteId: site.id, userId: newUserId, now });
  let created: { id: number; userId: number } | undefined;
  try {
    if (input.tracking) {
      const { network, ref, sub1, sub2, sub3, landingPath } = input.tracking;
      const insertTracking = db
        .insert(schema.trackingRecords)
        .values({ siteId: site.id, userId: newUserId, network, ref, sub1, sub2, sub3, landingPath, createdAt: now });
      [, [created]] = await db.batch([insertUser, insertProfile, welcomeBonus, insertTracking]);
    } else {
      [, [created]] = await db.batch([insertUser, insertProfile, welcomeBonus]);
    }
  } catch (error) {
    // Two signups with one address at the same moment: the unique index lets one through.
    const raced = await existingAccount(deps, email);
    if (raced) return { ok: false, reason: "email_taken", existing: raced };
    throw error;
  }
  if (!created) throw new Error("signup: the new profile was not stored");

  await sendActivationMail(deps, request, { id: created.userId, email, name: input.name, language: input.locale });
  const session = await createSession(db, created.userId, request, now);
  return { ok: true, userId: created.userId, profileId: created.id, sessionToken: session.token };
}
