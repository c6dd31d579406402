/**
 * The send action of the two chat routes (/chats/{id} and /members/{id}/chat): reads the composer's
 * form, sends through the chat service, tells both members' open tabs (their inboxes, ADR 027) and
 * the recipient by e-mail and push, and answers with Conform's
 * result, the problem to explain and the HTTP status. A text the safety check flags (ADR 053) is
 * not sent until the member confirms it ("Are you sure?"): nothing is stored or charged before.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import type { ChatProblem, SendReply } from "~/chat/chat-screen.server";
import { notifyInboxes } from "~/live/live.server";
import { mailAboutNewMessage, newMessageMailType, type DeliveryState } from "~/notifications/message-mail.server";
import { messageSchema } from "~/chat/message-schema";
import { sendMessage, sendWithSessionCheck, type Destination, type SendOutcome } from "~/chat/send-message.server";
import { pushAboutNewMessage } from "~/notifications/push.server";
import { gifProviderFor } from "~/chat/gifs/gif-config.server";
import type { MailDeps } from "~/mail/mail.server";
import { reportConversation } from "~/safety/chat-reports.server";
import { checkMessage, storedReasons } from "~/safety/message-check";
import { getServices, getSite, linkOrigin } from "~/http/context.server";
import { readInput } from "~/http/forms.server";
import { requireMember, requireMemberOfClaim, sessionClaimContext } from "~/http/guards.server";
import type { SessionClaim } from "~/http/session-claim.server";

/**
 * The send action: validates the form with the composer's schema, sends, and answers with the
 * Conform result, the problem to explain and the HTTP status. A partner the member cannot reach is
 * a 404. A message into a conversation is sent in one round trip, its session checked in the
 * paid batch (ADR 059); what that batch cannot decide is sent again with the member read first.
 */
export async function sendFromForm(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  to: Destination,
  /** The form, when the route already read it (to tell a report from a message). */
  form?: FormData,
): Promise<{ reply: SendReply; status: number }> {
  const claim = context.get(sessionClaimContext);
  if (!claim) requireMember(context, request);
  const site = getSite(context);
  const { env, now } = getServices(context);
  const formData = form ?? (await readInput(request));
  const submission = parseWithZod(formData, { schema: messageSchema(site.settings.messageLength) });
  const sentIntent = formData.get("intent");
  const intent: SendReply["intent"] = sentIntent === "gift" || sentIntent === "gif" ? sentIntent : "text";
  const answer = async (reply: Omit<SendReply, "intent">, status: number) => {
    // Nothing is sent: a send that only claimed its session reads it first, so a signed-out browser meets the login page as before.
    await requireMemberOfClaim(context, request);
    return { reply: { intent, ...reply }, status };
  };
  if (submission.status !== "success") return answer({ result: submission.reply(), problem: null, conversationId: null }, 400);

  // Only a GIF of the configured provider may be sent (product.md §10 "GIFs in chat"): no other address.
  if (submission.value.intent === "gif" && !gifProviderFor(env).owns(submission.value.gif))
    return answer({ result: submission.reply({ formErrors: ["chat:errors.unknownGif"] }), problem: null, conversationId: null }, 400);
  // The safety check (ADR 053): a flagged text first comes back with the reasons; the form sent again
  // with `confirmSafety` sends it, with the reasons stored beside it for the recipient's warning.
  const reasons = submission.value.intent === "text" ? checkMessage(submission.value.body) : [];
  if (reasons.length > 0 && formData.get("confirmSafety") !== "1")
    return answer({ result: submission.reply(), problem: { kind: "safety_check", reasons }, conversationId: null }, 409);

  const send = { to, message: submission.value, safetyFlags: storedReasons(reasons), siteId: site.id, settings: site.settings, now: now() };
  const outcome = (claim && (await sendOnClaim(context, claim, send))) || (await sendAsMember(context, request, send));
  // The session is checked by now: the claimed one by the batch that refused, else the member read.
  const refused = (problem: ChatProblem, status: number) => ({
    reply: { intent, result: submission.reply(), problem, conversationId: null },
    status,
  });
  switch (outcome.status) {
    case "sent":
      // A held message (ADR 053) is not announced: the recipient learns of it only if a moderator releases it.
      if (!outcome.resent && !outcome.held)
        announceMessage(context, request, { ...outcome, sender: { profileId: outcome.senderProfileId, name: outcome.senderName } });
      return {
        reply: { intent, result: submission.reply({ resetForm: true }), problem: null, conversationId: outcome.conversationId },
        status: 200,
      };
    case "not_found":
      throw data(null, { status: 404 });
    case "insufficient_credits":
      return refused({ kind: "insufficient_credits", cost: outcome.cost, balance: outcome.balance }, 402);
    case "conversation_limit":
      return refused({ kind: "conversation_limit", limit: outcome.limit }, 403);
    case "unconfirmed":
      return refused({ kind: "unconfirmed" }, 403);
    case "spending_blocked":
      return refused({ kind: "spending_blocked" }, 403);
  }
}

type Send = Omit<Parameters<typeof sendMessage>[1], "sender">;
type SendAs = SendOutcome & { senderProfileId: number };

/**
 * A message into a conversation, its session checked in the paid batch (ADR 059): the outcome, or
 * null for what the batch could not decide (nothing was sent or charged).
 */
async function sendOnClaim(context: Readonly<RouterContextProvider>, claim: SessionClaim, send: Send): Promise<SendAs | null> {
  const { to, message } = send;
  if (!("conversationId" in to) || message.intent === "gift") return null;
  const { outcome, renewedUntil } = await sendWithSessionCheck(getServices(context).db, { ...send, to, message, sender: claim });
  if (renewedUntil) claim.renewed(renewedUntil);
  return outcome.status === "unverified" ? null : { ...outcome, senderProfileId: claim.profileId };
}

/** A message sent as the member the session names, read first (every send but one that went on its claim). */
async function sendAsMember(context: Readonly<RouterContextProvider>, request: Request, send: Send): Promise<SendAs> {
  const user = await requireMemberOfClaim(context, request);
  const { id, status, paidUser, spendingBlocked } = user;
  const sender = { id, status, paidUser, spendingBlocked, profileId: user.profile.id };
  return { ...(await sendMessage(getServices(context).db, { ...send, sender })), senderProfileId: user.profile.id };
}

/**
 * What follows a message that was really stored (not a resent form): both members' open tabs
 * reload (their inboxes, ADR 027), and after the response the recipient gets the e-mail (when the
 * message opens an unread streak, decided with the state the send left) and the push (ADR 026).
 * Nothing here fails or delays a message already paid for.
 */
export function announceMessage(
  context: Readonly<RouterContextProvider>,
  request: Request,
  sent: {
    conversationId: number;
    recipientProfileId: number;
    delivered: DeliveryState;
    sender: { profileId: number; name: string };
  },
) {
  const site = getSite(context);
  const { db, env, ctx, now } = getServices(context);
  const { conversationId, recipientProfileId, sender } = sent;
  ctx.waitUntil(notifyInboxes(env.INBOX, [recipientProfileId, sender.profileId], { type: "message", conversationId }));
  const mail = newMessageMailType(sent.delivered);
  if (mail)
    ctx.waitUntil(
      tellRecipient(
        { db, env, ctx, site, now: now() },
        { conversationId, senderName: sender.name, recipientProfileId, origin: linkOrigin(context, request), type: mail },
      ),
    );
  ctx.waitUntil(
    pushAboutNewMessage({ db, env }, { conversationId, senderName: sender.name, recipientProfileId }).catch((error) =>
      console.error("new-message push failed", error),
    ),
  );
}

/** The recipient's e-mail about the message; a mail that fails must not fail a message already paid for. */
async function tellRecipient(deps: MailDeps, input: Parameters<typeof mailAboutNewMessage>[1]) {
  try {
    await mailAboutNewMessage(deps, input);
  } catch (error) {
    console.error("new-message mail failed", error);
  }
}

/**
 * The report button under a flagged message (ADR 053): files a report about the partner that names
 * the conversation, once while it is open. A conversation that is not the member's is a 404.
 */
export async function reportFromChat(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  conversationId: number,
): Promise<{ reply: SendReply; status: number }> {
  // Posted to the conversation like a message: its session may only be claimed (ADR 059).
  const user = await requireMemberOfClaim(context, request);
  const { db, now } = getServices(context);
  const outcome = await reportConversation(db, {
    siteId: getSite(context).id,
    reporter: { userId: user.id, profileId: user.profile.id, name: user.profile.name, email: user.email },
    conversationId,
    now: now(),
  });
  if (outcome.status === "not_found") throw data(null, { status: 404 });
  return { reply: { intent: "report", result: { status: "success" }, problem: null, conversationId }, status: 200 };
}
