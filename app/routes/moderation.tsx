import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useNavigation, href } from "react-router";
import type { Route } from "./+types/moderation";
import { Notice } from "~/components/settings/SettingsSection";
import { getServices, getSite } from "~/http/context.server";
import type { Database } from "~/db/client.server";
import { useFormat } from "~/i18n/format";
import { getI18n } from "~/http/i18n.server";
import { banMember } from "~/moderation/ban.server";
import { setComplaintStatus } from "~/moderation/complaint-status.server";
import { COMPLAINT_STATUSES, OTHER_REASON_MAX } from "~/moderation/moderation-fields";
import { moderationSchema, storedRejectionReason, type ModerationForm } from "~/moderation/moderation-schema";
import { approvePhoto, decideChatPhoto, listPendingPhotos, rejectPhoto, type PendingPhoto } from "~/moderation/photo-review.server";
import { notifyInboxes } from "~/live/live.server";
import { approveProfileText, listWaitingProfileTexts, removeProfileText, type ProfileText } from "~/moderation/profile-texts.server";
import { REJECTION_REASONS } from "~/photos/photo-api";
import { listComplaints, type ComplaintListItem } from "~/profiles/complaints.server";
import { readInput } from "~/http/forms.server";
import { requireModerator } from "~/http/guards.server";
import { linkOrigin } from "~/http/context.server";
import { banNotice, profileOwner } from "~/safety/ban-notice.server";
import { CHAT_REPORT_SUBJECT } from "~/safety/chat-report-subject";
import { decideConversation, listFlaggedConversations } from "~/safety/flagged-conversations.server";
import { listHeldAccounts, rejectHeld, releaseHeld } from "~/safety/spam-hold.server";
import { HeldAccounts } from "~/components/moderation/HeldAccounts";
import { FlaggedConversations } from "~/components/moderation/FlaggedConversations";

export async function loader({ context }: Route.LoaderArgs) {
  requireModerator(context);
  const { db } = getServices(context);
  const site = getSite(context);
  const [photos, texts, complaints, flagged, held] = await Promise.all([
    listPendingPhotos(db, site.id),
    listWaitingProfileTexts(db, site.id),
    listComplaints(db, site.id, { limit: 100 }),
    listFlaggedConversations(db, site.id),
    listHeldAccounts(db, site.id),
  ]);
  return { photos, texts, complaints, flagged, held, title: `${getI18n(context).t("photos:moderation.title")} · ${site.name}` };
}

/** One decision per post; each is applied and recorded together (app/moderation/audit.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const moderator = requireModerator(context);
  const { db, env, ctx, now } = getServices(context);
  const site = getSite(context);
  const origin = linkOrigin(context, request);
  const t = getI18n(context).t;
  const parsed = moderationSchema.safeParse(Object.fromEntries(await readInput(request)));
  if (!parsed.success) {
    const message = parsed.error.issues.find((issue) => issue.message.startsWith("photos:"))?.message ?? "messages.generic";
    return data({ ok: false as const, message: t(message) }, { status: 400 });
  }
  const who = { siteId: getSite(context).id, moderatorUserId: moderator.id, now: now() };
  const form = parsed.data;
  let done: boolean;
  if ((form.intent === "approve_photo" || form.intent === "reject_photo") && form.source === "chat") {
    const decision =
      form.intent === "approve_photo"
        ? { status: "active" as const, reason: null }
        : { status: "rejected" as const, reason: storedRejectionReason(form) };
    const chat = await decideChatPhoto(db, { ...who, photoId: form.photoId }, decision);
    // Both members' open chats show the decision at once (ADR 027).
    if (chat) ctx.waitUntil(notifyInboxes(env.INBOX, chat.profileIds, { type: "message", conversationId: chat.conversationId }));
    done = chat !== null;
  } else if (form.intent === "ban_member") {
    // The member's sessions end and their open sockets close (ADR 038); the notice telling them how
    // to appeal (ADR 053) is written in the ban's batch, only if the ban happens (ADR 056).
    const member = await profileOwner(db, site.id, form.profileId);
    const notice = member ? await banNotice({ db, env, ctx, site, now: who.now }, member, origin) : undefined;
    done = member !== null && (await banMember({ db, env, ctx }, { ...who, profileId: form.profileId }, notice));
  } else if (form.intent === "release_held") {
    const delivered = await releaseHeld(db, { ...who, profileId: form.profileId });
    // The recipients' open tabs show the released messages at once (ADR 027).
    for (const { conversationId, recipient } of delivered ?? [])
      ctx.waitUntil(notifyInboxes(env.INBOX, [recipient], { type: "message", conversationId }));
    done = delivered !== null;
  } else if (form.intent === "reject_held") {
    done = await rejectHeld(db, { ...who, profileId: form.profileId });
  } else if (form.intent === "decide_conversation") {
    done = await decideConversation({ db, env, ctx, site, now: who.now }, { ...who, ...form, origin });
  } else done = await decide(db, who, form);
  return done
    ? { ok: true as const, message: t(`photos:moderation.done.${parsed.data.intent}`) }
    : data({ ok: false as const, message: t("photos:moderation.stale") }, { status: 409 });
}

async function decide(
  db: Database,
  who: { siteId: number; moderatorUserId: number; now: Date },
  form: Exclude<ModerationForm, { intent: "ban_member" | "decide_conversation" | "release_held" | "reject_held" }>,
) {
  switch (form.intent) {
    case "approve_photo":
      return approvePhoto(db, { ...who, photoId: form.photoId });
    case "reject_photo":
      return rejectPhoto(db, { ...who, photoId: form.photoId, reason: storedRejectionReason(form) });
    case "approve_text":
      return approveProfileText(db, { ...who, profileId: form.profileId, aboutMe: form.aboutMe });
    case "remove_text":
      return removeProfileText(db, { ...who, profileId: form.profileId, aboutMe: form.aboutMe });
    case "complaint_status":
      return setComplaintStatus(db, { ...who, complaintId: form.complaintId, status: form.status });
  }
}

export default function Moderation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { photos, texts, complaints, flagged, held } = loaderData;
  const openComplaints = complaints.filter((complaint) => complaint.status !== "closed").length;
  return (
    <main id="main" className="container section moderation">
      <h1>{t("photos:moderation.title")}</h1>
      <nav aria-label={t("photos:moderation.sections")}>
        <ul className="moderation__nav">
          <li>
            <a href="#photos">{t("photos:moderation.photos.title")}</a> <span className="badge badge-secondary">{photos.total}</span>
          </li>
          <li>
            <a href="#texts">{t("photos:moderation.texts.title")}</a> <span className="badge badge-secondary">{texts.total}</span>
          </li>
          <li>
            <a href="#conversations">{t("photos:moderation.conversations.title")}</a>{" "}
            <span className="badge badge-secondary">{flagged.total}</span>
          </li>
          <li>
            <a href="#held">{t("photos:moderation.held.title")}</a> <span className="badge badge-secondary">{held.length}</span>
          </li>
          <li>
            <a href="#complaints">{t("photos:moderation.complaints.title")}</a>{" "}
            <span className="badge badge-secondary">{openComplaints}</span>
          </li>
        </ul>
      </nav>
      {actionData && <Notice text={actionData.message} tone={actionData.ok ? "success" : "danger"} />}

      <section id="photos" className="moderation__section" aria-labelledby="photos-title">
        <h2 id="photos-title">{t("photos:moderation.photos.title")}</h2>
        {photos.total === 0 ? (
          <p>{t("photos:moderation.photos.empty")}</p>
        ) : (
          <>
            <p className="field-hint">{t("photos:moderation.photos.showing", { shown: photos.photos.length, total: photos.total })}</p>
            <ul className="moderation-photos">
              {photos.photos.map((photo) => (
                <PendingPhotoCard key={`${photo.source}-${photo.id}`} photo={photo} />
              ))}
            </ul>
          </>
        )}
      </section>

      <section id="texts" className="moderation__section" aria-labelledby="texts-title">
        <h2 id="texts-title">{t("photos:moderation.texts.title")}</h2>
        <p className="field-hint">{t("photos:moderation.texts.intro")}</p>
        {texts.total === 0 ? (
          <p>{t("photos:moderation.texts.empty")}</p>
        ) : (
          <ul className="moderation-texts">
            {texts.texts.map((text) => (
              <ProfileTextCard key={text.profileId} text={text} />
            ))}
          </ul>
        )}
      </section>

      <FlaggedConversations conversations={flagged.conversations} total={flagged.total} />
      <HeldAccounts accounts={held} />

      <section id="complaints" className="moderation__section" aria-labelledby="complaints-title">
        <h2 id="complaints-title">{t("photos:moderation.complaints.title")}</h2>
        {complaints.length === 0 ? (
          <p>{t("photos:moderation.complaints.empty")}</p>
        ) : (
          <ul className="moderation-complaints">
            {complaints.map((complaint) => (
              <ComplaintCard key={complaint.id} complaint={complaint} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function useBusy() {
  return useNavigation().state !== "idle";
}

function PendingPhotoCard({ photo }: { photo: PendingPhoto }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useBusy();
  const [reason, setReason] = useState("");
  const reasonId = `reason-${photo.source}-${photo.id}`;
  const otherId = `other-${photo.source}-${photo.id}`;
  return (
    <li className="moderation-photo">
      <a href={photo.url} target="_blank" rel="noreferrer" className="moderation-photo__image">
        <img
          src={photo.thumbUrl}
          alt={t("photos:moderation.photos.alt", { name: photo.profile.name })}
          width={200}
          height={250}
          loading="lazy"
        />
      </a>
      <p className="moderation-photo__meta">
        <Link to={href("/members/:id", { id: String(photo.profile.id) })}>{photo.profile.name}</Link>
        <br />
        <span className="field-hint">{t("photos:moderation.photos.uploaded", { date: format.date(photo.uploadedAt) })}</span>
        {photo.isMain && <span className="badge">{t("photos:badges.main")}</span>}
        {photo.private && <span className="badge">{t("photos:badges.private")}</span>}
        {photo.source === "chat" && <span className="badge">{t("photos:badges.chat")}</span>}
        {photo.duplicateOf && (
          <Link to={href("/members/:id", { id: String(photo.duplicateOf.id) })} className="badge badge-danger">
            {t("photos:badges.duplicate")}: {photo.duplicateOf.name}
          </Link>
        )}
      </p>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="approve_photo" />
        <input type="hidden" name="photoId" value={photo.id} />
        <input type="hidden" name="source" value={photo.source} />
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {t("photos:moderation.photos.approve")}
        </button>
      </Form>
      <Form method="post" preventScrollReset className="moderation-photo__reject">
        <input type="hidden" name="intent" value="reject_photo" />
        <input type="hidden" name="photoId" value={photo.id} />
        <input type="hidden" name="source" value={photo.source} />
        <div className="form-field">
          <label htmlFor={reasonId}>{t("photos:moderation.photos.reason")}</label>
          <select id={reasonId} name="reason" required value={reason} onChange={(event) => setReason(event.target.value)}>
            <option value="">{t("photos:moderation.photos.chooseReason")}</option>
            {REJECTION_REASONS.map((key) => (
              <option key={key} value={key}>
                {t(`photos:rejectionReasons.${key}`)}
              </option>
            ))}
          </select>
        </div>
        {reason === "other" && (
          <div className="form-field">
            <label htmlFor={otherId}>{t("photos:moderation.photos.otherReason")}</label>
            <input id={otherId} name="otherReason" required maxLength={OTHER_REASON_MAX} />
          </div>
        )}
        <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
          {t("photos:moderation.photos.reject")}
        </button>
      </Form>
    </li>
  );
}

function ProfileTextCard({ text }: { text: ProfileText }) {
  const { t } = useTranslation();
  const busy = useBusy();
  return (
    <li className="moderation-text">
      <p>
        <Link to={href("/members/:id", { id: String(text.profileId) })}>{text.name}</Link>
      </p>
      <blockquote className="moderation-text__body">{text.aboutMe}</blockquote>
      <div className="moderation__actions">
        {(["approve_text", "remove_text"] as const).map((intent) => (
          <Form method="post" preventScrollReset key={intent}>
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="profileId" value={text.profileId} />
            <input type="hidden" name="aboutMe" value={text.aboutMe} />
            <button type="submit" className={`btn btn-sm ${intent === "approve_text" ? "btn-primary" : "btn-outline"}`} disabled={busy}>
              {t(intent === "approve_text" ? "photos:moderation.texts.approve" : "photos:moderation.texts.remove")}
            </button>
          </Form>
        ))}
      </div>
    </li>
  );
}

function ComplaintCard({ complaint }: { complaint: ComplaintListItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useBusy();
  const statusId = `status-${complaint.id}`;
  return (
    <li className={`moderation-complaint moderation-complaint--${complaint.status}`}>
      <h3 className="h5">{complaint.subject === CHAT_REPORT_SUBJECT ? t("photos:moderation.conversations.report") : complaint.subject}</h3>
      <p className="field-hint">
        {format.date(complaint.createdAt)} · {complaint.name} · <a href={`mailto:${complaint.email}`}>{complaint.email}</a>
      </p>
      {complaint.profile && (
        <p>
          {t("photos:moderation.complaints.about")}{" "}
          <Link to={href("/members/:id", { id: String(complaint.profile.id) })}>{complaint.profile.name}</Link>
          {complaint.profile.banned && <span className="badge badge-danger">{t("photos:moderation.complaints.ban.banned")}</span>}
        </p>
      )}
      <p className="moderation-complaint__body">{complaint.message}</p>
      <Form method="post" preventScrollReset className="moderation__actions">
        <input type="hidden" name="intent" value="complaint_status" />
        <input type="hidden" name="complaintId" value={complaint.id} />
        <div className="form-field">
          <label htmlFor={statusId}>{t("photos:moderation.complaints.status")}</label>
          <select id={statusId} name="status" defaultValue={complaint.status}>
            {COMPLAINT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`photos:moderation.complaints.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
          {t("photos:moderation.complaints.save")}
        </button>
      </Form>
      {complaint.profile && !complaint.profile.banned && (
        <details className="moderation-complaint__ban">
          <summary>{t("photos:moderation.complaints.ban.summary", { name: complaint.profile.name })}</summary>
          <p className="field-hint">{t("photos:moderation.complaints.ban.explain")}</p>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="ban_member" />
            <input type="hidden" name="profileId" value={complaint.profile.id} />
            <button type="submit" className="btn btn-outline btn-sm" disabled={busy}>
              {t("photos:moderation.complaints.ban.submit", { name: complaint.profile.name })}
            </button>
          </Form>
        </details>
      )}
    </li>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
