/**
 * Complaints (/complaints): a consumer complaint or a report about a member, filed on
 * /complaints by a member or a visitor, stored for the moderators and confirmed by e-mail.
 */
import { and, desc, eq, ne } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { sendMail, type MailDeps } from "~/mail/mail.server";
import type { ComplaintForm } from "~/profiles/complaint-schema";
import { withinLimits } from "~/security/rate-limit.server";
import * as urls from "~/urls";

const { complaints, profiles, users } = schema;

/** Enough for a real complaint or two, too few for a flood (per address and per IP). */
const LIMITS = { perIpPerHour: 5, perEmailPerDay: 5 };

export type FileComplaintInput = ComplaintForm & {
  /** The signed-in member filing it, if any. */
  userId: number | null;
  locale: string;
  ip: string;
  /** The site's origin, for the link in the confirmation mail. */
  origin: string;
};

export type FileComplaintOutcome = { ok: true; id: number } | { ok: false; reason: "rate_limited" };

export async function fileComplaint(deps: MailDeps, input: FileComplaintInput): Promise<FileComplaintOutcome> {
  const { db, site, now } = deps;
  const email = input.email.trim().toLowerCase();
  const allowed = await withinLimits(
    db,
    [
      { key: `complaint:ip:${input.ip}`, limit: LIMITS.perIpPerHour, windowSeconds: 3600 },
      { key: `complaint:email:${site.id}:${email}`, limit: LIMITS.perEmailPerDay, windowSeconds: 86400 },
    ],
    now,
  );
  if (!allowed) return { ok: false, reason: "rate_limited" };

  // A report names a member of this site; any other id is dropped rather than refused, so the
  // form says nothing about which profiles exist.
  const reported = input.profile
    ? await db.query.profiles.findFirst({
        columns: { id: true },
        where: and(eq(profiles.id, input.profile), eq(profiles.siteId, site.id), ne(profiles.status, "deleted")),
      })
    : undefined;

  const [row] = await db
    .insert(complaints)
    .values({
      siteId: site.id,
      userId: input.userId,
      name: input.name,
      email,
      subject: input.subject,
      body: input.message,
      profileId: reported?.id ?? null,
      createdAt: now,
    })
    .returning({ id: complaints.id });

  await sendMail(deps, {
    template: "complaint_received",
    to: email,
    userId: input.userId,
    locale: input.locale,
    params: { name: input.name, link: new URL(urls.page("service"), input.origin).toString() },
  });
  return { ok: true, id: row!.id };
}

export type ComplaintListItem = {
  id: number;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: "open" | "in_progress" | "closed";
  createdAt: Date;
  userId: number | null;
  /** The reported member, if the complaint is about one, and whether a moderator has banned them. */
  profile: { id: number; name: string; banned: boolean } | null;
};

/** Every complaint of a site, newest first, for the moderation screen. */
export async function listComplaints(
  db: Database,
  siteId: number,
  options: { status?: ComplaintListItem["status"]; limit?: number } = {},
): Promise<ComplaintListItem[]> {
  const rows = await db
    .select({
      id: complaints.id,
      name: complaints.name,
      email: complaints.email,
      subject: complaints.subject,
      message: complaints.body,
      status: complaints.status,
      createdAt: complaints.createdAt,
      userId: complaints.userId,
      profileId: profiles.id,
      profileName: profiles.name,
      profileAccountStatus: users.status,
    })
    .from(complaints)
    .leftJoin(profiles, eq(profiles.id, complaints.profileId))
    .leftJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(complaints.siteId, siteId), options.status ? eq(complaints.status, options.status) : undefined))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(options.limit ?? 200);
  return rows.map(({ profileId, profileName, profileAccountStatus, ...row }) => ({
    ...row,
    profile:
      profileId !== null && profileName !== null ? { id: profileId, name: profileName, banned: profileAccountStatus === "banned" } : null,
  }));
}
