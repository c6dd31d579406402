import { parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/i18n/translation";
import { data, Link, redirect, useNavigation, href } from "react-router";
import type { Route } from "./+types/settings";
import type { CurrentUser } from "~/accounts/current-user.server";
import { deleteAccount } from "~/accounts/deletion.server";
import { normalizeEmail } from "~/accounts/login.server";
import { listPasskeys } from "~/accounts/passkeys.server";
import { authCookie } from "~/http/cookies.server";
import {
  deleteAccountSchema,
  emailChangeSchema,
  invisibleSchema,
  passwordChangeSchema,
  REAUTHENTICATION_SECTIONS,
  reauthenticateSchema,
  type ReauthenticationSection,
  type SettingsIntent,
} from "~/accounts/settings-schema";
import { reauthenticateWithPassword, recentlyAuthenticated } from "~/accounts/reauthentication.server";
import { changePassword, checkCurrentPassword, hasPassword, requestEmailChange, setInvisible } from "~/accounts/settings.server";
import { PasskeysSection } from "~/components/passkeys/PasskeysSection";
import { BlockedMembersList } from "~/components/profiles/BlockedMembersList";
import { DeleteAccountSection } from "~/components/settings/DeleteAccountSection";
import { EmailChangeForm } from "~/components/settings/EmailChangeForm";
import { InvisibleModeSection } from "~/components/settings/InvisibleModeSection";
import { PasswordChangeForm } from "~/components/settings/PasswordChangeForm";
import { ReauthenticateForm } from "~/components/settings/ReauthenticateForm";
import { Notice, SettingsSection } from "~/components/settings/SettingsSection";
import { getServices, getSite, linkOrigin } from "~/http/context.server";
import { getI18n, getLocale } from "~/http/i18n.server";
import { listBlocked } from "~/profiles/blocks.server";
import { disconnectInbox } from "~/live/live.server";
import { readInput } from "~/http/forms.server";
import { requireUser } from "~/http/guards.server";
import { clientIp } from "~/security/rate-limit.server";
import { grantStayDiscount } from "~/payments/stay-discount.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const { db, now } = getServices(context);
  const site = getSite(context);
  const [passwordSet, passkeys, blocked] = await Promise.all([
    hasPassword(db, user.id),
    listPasskeys(db, user.id),
    user.profile ? listBlocked(db, user.profile.id) : [],
  ]);
  return {
    email: user.email,
    hasPassword: passwordSet,
    /** Whether adding a passkey, a first password or changing the address may go ahead without confirming again. */
    recentlyAuthenticated: recentlyAuthenticated(user, now()),
    paidUser: user.paidUser,
    invisible: user.invisible,
    passkeys,
    blocked,
    deleteDiscount: site.company.deleteDiscount,
    graceDays: site.settings.deletionGraceDays,
    title: `${getI18n(context).t("settings:title")} · ${site.name}`,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const formData = await readInput(request);
  switch (formData.get("intent")) {
    case "reauthenticate":
      return reauthenticate(context, request, user, formData);
    case "email":
      return changeEmail(context, request, user, formData);
    case "password":
      return changeOwnPassword(context, user, formData);
    case "invisible":
      return switchInvisible(context, user, formData);
    case "delete":
      return deleteOwnAccount(context, request, user, formData);
    case "stay":
      return stayWithDiscount(context, user);
    default:
      return data({ intent: null, error: getI18n(context).t("messages.generic") }, { status: 400 });
  }
}

type Context = Route.ActionArgs["context"];

/** The member chose to stay: their personal stay code, shown on /credits (payments/stay-discount.server.ts). */
async function stayWithDiscount(context: Context, user: CurrentUser) {
  const { db, now } = getServices(context);
  const site = getSite(context);
  const granted = await grantStayDiscount(db, { siteId: site.id, userId: user.id, percent: site.company.deleteDiscount, now: now() });
  if (!granted) return data({ intent: null, error: getI18n(context).t("messages.generic") }, { status: 400 });
  return redirect(href("/credits"));
}
const hiddenPasswords = ["currentPassword", "newPassword", "confirmPassword"];
type FormErrors = { formErrors?: string[]; fieldErrors?: Record<string, string[]> };

/**
 * A change that needs a recent sign-in came too late (the page was open a while): the page shows
 * the section's request to confirm instead of its form, with this message above it.
 */
function reauthenticationRequired(context: Context, intent: "email" | "password") {
  return data({ intent, error: getI18n(context).t("settings:reauth.required") }, { status: 403 });
}

/** The password again, for the section that asked (the password-less confirm with a passkey, /api/passkeys/reauthenticate). */
async function reauthenticate(context: Context, request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: reauthenticateSchema });
  const intent = "reauthenticate" as const;
  const posted = formData.get("section");
  const section = REAUTHENTICATION_SECTIONS.find((name) => name === posted) ?? null;
  if (submission.status !== "success") {
    return data({ intent, section, result: submission.reply({ hideFields: hiddenPasswords }) }, { status: 400 });
  }
  const { db, now } = getServices(context);
  const outcome = await reauthenticateWithPassword(db, {
    member: user,
    password: submission.value.currentPassword,
    ip: clientIp(request),
    now: now(),
  });
  if (!outcome.ok) {
    const errors: FormErrors =
      outcome.reason === "locked"
        ? { formErrors: [getI18n(context).t("messages.accountLocked", { minutes: outcome.minutes })] }
        : { fieldErrors: { currentPassword: ["messages.checkOldPassword"] } };
    return data(
      { intent, section, result: submission.reply({ ...errors, hideFields: hiddenPasswords }) },
      { status: outcome.reason === "locked" ? 429 : 400 },
    );
  }
  return data({ intent, section, result: submission.reply({ resetForm: true }), notice: getI18n(context).t("settings:reauth.done") });
}

async function changeEmail(context: Context, request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: emailChangeSchema });
  const intent = "email" as const;
  if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: hiddenPasswords }) }, { status: 400 });
  const { db, env, ctx, now } = getServices(context);
  const outcome = await requestEmailChange(
    { db, env, ctx, site: getSite(context), now: now(), origin: linkOrigin(context, request) },
    {
      member: user,
      ip: clientIp(request),
      name: user.profile?.name ?? user.email,
      locale: getLocale(context),
      newEmail: submission.value.newEmail,
      currentPassword: submission.value.currentPassword,
    },
  );
  if (!outcome.ok) {
    if (outcome.error === "reauthenticate") return reauthenticationRequired(context, intent);
    const errors: FormErrors =
      outcome.error === "checkOldPassword"
        ? { fieldErrors: { currentPassword: ["messages.checkOldPassword"] } }
        : outcome.error === "tooMany"
          ? { formErrors: ["settings:tooManyAttempts"] }
          : outcome.error === "locked"
            ? { formErrors: [getI18n(context).t("messages.accountLocked", { minutes: outcome.minutes })] }
            : { fieldErrors: { newEmail: [`messages.${outcome.error}`] } };
    const status = outcome.error === "tooMany" || outcome.error === "locked" ? 429 : 400;
    return data({ intent, result: submission.reply({ ...errors, hideFields: hiddenPasswords }) }, { status });
  }
  const notice = getI18n(context).t("settings:email.sent", { email: outcome.email });
  return data({ intent, result: submission.reply({ resetForm: true }), notice });
}

async function changeOwnPassword(context: Context, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: passwordChangeSchema });
  const intent = "password" as const;
  if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: hiddenPasswords }) }, { status: 400 });
  const { db, env, ctx, now } = getServices(context);
  const outcome = await changePassword(
    { db, env, ctx },
    {
      userId: user.id,
      profileId: user.profile?.id ?? null,
      sessionId: user.sessionId,
      recentlyAuthenticated: recentlyAuthenticated(user, now()),
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.newPassword,
      now: now(),
    },
  );
  if (!outcome.ok) {
    if (outcome.error === "reauthenticate") return reauthenticationRequired(context, intent);
    const errors: FormErrors =
      outcome.error === "tooMany"
        ? { formErrors: ["settings:tooManyAttempts"] }
        : { fieldErrors: { currentPassword: ["messages.checkOldPassword"] } };
    return data(
      { intent, result: submission.reply({ ...errors, hideFields: hiddenPasswords }) },
      { status: outcome.error === "tooMany" ? 429 : 400 },
    );
  }
  return data({ intent, result: submission.reply({ resetForm: true }), notice: getI18n(context).t("settings:password.changed") });
}

async function switchInvisible(context: Context, user: CurrentUser, formData: FormData) {
  const parsed = invisibleSchema.safeParse(Object.fromEntries(formData));
  const intent = "invisible" as const;
  const t = getI18n(context).t;
  if (!parsed.success) return data({ intent, error: t("messages.generic") }, { status: 400 });
  const invisible = parsed.data.invisible === "on";
  const done = await setInvisible(getServices(context).db, { userId: user.id, invisible });
  if (!done) return data({ intent, error: t("settings:invisible.premiumOnly") }, { status: 403 });
  return data({ intent, notice: t(invisible ? "settings:invisible.turnedOn" : "settings:invisible.turnedOff") });
}

async function deleteOwnAccount(context: Context, request: Request, user: CurrentUser, formData: FormData) {
  const submission = parseWithZod(formData, { schema: deleteAccountSchema });
  const intent = "delete" as const;
  if (submission.status !== "success") return data({ intent, result: submission.reply({ hideFields: hiddenPasswords }) }, { status: 400 });
  const { db, env, ctx, now } = getServices(context);
  const { currentPassword, confirmation, reason, remarks } = submission.value;
  // Members with a password confirm with it; passkey-only members type their own address.
  if (await hasPassword(db, user.id)) {
    const check = await checkCurrentPassword(db, user.id, currentPassword, now());
    if (check !== "ok") {
      const errors: FormErrors =
        check === "limited"
          ? { formErrors: ["settings:tooManyAttempts"] }
          : { fieldErrors: { currentPassword: ["messages.checkOldPassword"] } };
      return data(
        { intent, result: submission.reply({ ...errors, hideFields: hiddenPasswords }) },
        { status: check === "limited" ? 429 : 400 },
      );
    }
  } else if (normalizeEmail(confirmation ?? "") !== normalizeEmail(user.email)) {
    return data(
      { intent, result: submission.reply({ fieldErrors: { confirmation: ["settings:delete.confirmationMismatch"] } }) },
      { status: 400 },
    );
  }
  const site = getSite(context);
  const { recoverableUntil } = await deleteAccount(
    { db, env, ctx, site, now: now(), origin: linkOrigin(context, request), graceDays: site.settings.deletionGraceDays },
    { userId: user.id, email: user.email, name: user.profile?.name ?? user.email, locale: getLocale(context), reason, remarks },
  );
  // Its open tabs lose their live-chat sockets at once (ADR 029).
  if (user.profile) ctx.waitUntil(disconnectInbox(env.INBOX, user.profile.id));
  const until = recoverableUntil.toISOString().slice(0, 10);
  throw redirect(`${href("/account-deleted")}?until=${until}`, { headers: { "Set-Cookie": authCookie.clear(request) } });
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const replyTo = (intent: SettingsIntent) => (actionData?.intent === intent ? actionData : undefined);
  const resultOf = (intent: SettingsIntent) => {
    const reply = replyTo(intent);
    return reply && "result" in reply ? reply.result : undefined;
  };
  const noticeOf = (intent: SettingsIntent) => {
    const reply = replyTo(intent);
    return reply && "notice" in reply ? reply.notice : undefined;
  };
  const errorOf = (intent: SettingsIntent) => {
    const reply = replyTo(intent);
    return reply && "error" in reply ? reply.error : undefined;
  };
  const { hasPassword, recentlyAuthenticated: confirmed } = loaderData;
  const reauthReply = replyTo("reauthenticate");
  const reauthSection = reauthReply && "section" in reauthReply ? reauthReply.section : null;
  /** The notice of a re-authentication made in this section. */
  const confirmedNotice = (section: ReauthenticationSection) => (reauthSection === section ? noticeOf("reauthenticate") : undefined);
  /** In place of a change that asks for a recent sign-in: the form that confirms it is the member. */
  const reauthentication = (section: ReauthenticationSection) => (
    <ReauthenticateForm
      section={section}
      username={loaderData.email}
      hasPassword={hasPassword}
      hasPasskeys={loaderData.passkeys.length > 0}
      lastResult={reauthSection === section ? resultOf("reauthenticate") : undefined}
      busy={busy}
    />
  );
  const sections = [
    ["email", t("settings:email.title")],
    ["password", t("settings:password.title")],
    ["notifications", t("settings:notifications.title")],
    ["invisible", t("settings:invisible.title")],
    ["blocked", t("members:blocked.title")],
    ["passkeys", t("auth:passkeys.title")],
    ["data", t("settings:export.title")],
    ["delete", t("settings:delete.title")],
  ] as const;

  return (
    <main id="main" className="container narrow section settings">
      <h1>{t("settings:title")}</h1>
      {actionData?.intent === null && <p className="alert alert-danger">{actionData.error}</p>}
      <nav className="settings__toc" aria-label={t("settings:tocLabel")}>
        <ul>
          {sections.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`}>{label}</a>
            </li>
          ))}
        </ul>
      </nav>

      <SettingsSection id="email" title={t("settings:email.title")}>
        <Notice text={confirmedNotice("email")} />
        {/* With a password, the form asks for it itself; without one, a recent sign-in is the proof. */}
        {hasPassword || confirmed ? (
          <EmailChangeForm
            currentEmail={loaderData.email}
            hasPassword={hasPassword}
            lastResult={resultOf("email")}
            notice={noticeOf("email")}
            busy={busy}
          />
        ) : (
          <>
            <p>{t("settings:email.current", { email: loaderData.email })}</p>
            <Notice text={errorOf("email")} tone="danger" />
            {reauthentication("email")}
          </>
        )}
      </SettingsSection>

      <SettingsSection id="password" title={t("settings:password.title")}>
        <Notice text={confirmedNotice("password")} />
        {hasPassword || confirmed ? (
          <PasswordChangeForm
            username={loaderData.email}
            hasPassword={hasPassword}
            lastResult={resultOf("password")}
            notice={noticeOf("password")}
            busy={busy}
          />
        ) : (
          <>
            <p>{t("settings:password.noPassword")}</p>
            <Notice text={errorOf("password")} tone="danger" />
            {reauthentication("password")}
          </>
        )}
      </SettingsSection>

      <SettingsSection id="notifications" title={t("settings:notifications.title")}>
        <p>{t("settings:notifications.summary")}</p>
        <Link to={href("/notifications")} className="btn btn-outline">
          {t("settings:notifications.link")}
        </Link>
      </SettingsSection>

      <SettingsSection id="invisible" title={t("settings:invisible.title")}>
        <InvisibleModeSection
          paidUser={loaderData.paidUser}
          invisible={loaderData.invisible}
          notice={noticeOf("invisible")}
          error={errorOf("invisible")}
          busy={busy}
        />
      </SettingsSection>

      <SettingsSection id="blocked" title={t("members:blocked.title")}>
        <BlockedMembersList blocked={loaderData.blocked} />
      </SettingsSection>

      {/* The passkeys component brings its own heading. */}
      <div className="settings-section" id="passkeys">
        <PasskeysSection
          passkeys={loaderData.passkeys}
          notice={confirmedNotice("passkeys")}
          reauthentication={confirmed ? null : reauthentication("passkeys")}
        />
      </div>

      <SettingsSection id="data" title={t("settings:export.title")}>
        <p>{t("settings:export.text")}</p>
        <a href={href("/settings/export")} className="btn btn-outline" download>
          {t("settings:export.download")}
        </a>
      </SettingsSection>

      <SettingsSection id="delete" title={t("settings:delete.title")}>
        <DeleteAccountSection
          paidUser={loaderData.paidUser}
          invisible={loaderData.invisible}
          hasPassword={hasPassword}
          deleteDiscount={loaderData.deleteDiscount}
          graceDays={loaderData.graceDays}
          lastResult={resultOf("delete")}
          busy={busy}
        />
      </SettingsSection>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: "robots", content: "noindex" }];
