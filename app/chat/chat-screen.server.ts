/**
 * What the two chat routes share (/chats/{id} and /members/{id}/chat): the member who chats, what
 * sending costs, and the send action that turns a posted form into a message or a translated reason
 * why not.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { asc } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { requireUser, type CurrentUser } from "~/accounts/current-user.server";
import { getServices, getSite, linkOrigin } from "~/context.server";
import { schema, type Database } from "~/db/client.server";
import { generateToken } from "~/security/tokens.server";
import type { Site } from "~/sites/site.server";
import type { MailDeps } from "~/mail/mail.server";
import { mailAboutNewMessage } from "./message-mail.server";
import { messageSchema } from "./message-schema";
import { sendMessage, type Destination } from "./send-message.server";
import { readForm } from "~/utils/request-values";

/** Why a message was not sent, for the alert above the composer. */
export type ChatProblem =
  | { kind: "insufficient_credits"; cost: number; balance: number }
  | { kind: "conversation_limit"; limit: number }
  | { kind: "unconfirmed" }
  | { kind: "spending_blocked" };

export type GiftOffer = { key: string; icon: string; credits: number };

/** The signed-in member with a profile (else the login page, or the rest of signup). */
export function requireChatMember(context: Readonly<RouterContextProvider>, request: Request): CurrentUser & { profile: NonNullable<CurrentUser["profile"]> } {
  const user = requireUser(context, request);
  if (!user.profile) throw redirect("/complete-signup");
  return { ...user, profile: user.profile };
}

/**
 * What the chat screen needs besides the messages: prices, the gift catalogue, the length limit, a
 * fresh client key for the next message, the site's fictional-profile notice (PRODUCT.md: a
 * fictional profile's chat shows the warning) and the time zone messages are dated in.
 */
export async function chatScreenData(db: Database, site: Site, partner: { fictional: boolean }) {
  const rows = await db.select().from(schema.gifts).orderBy(asc(schema.gifts.position));
  const { fictionalIcon, fictionalSingular, fictionalWarning } = site.settings;
  return {
    composer: {
      messageCost: site.settings.messageCredits,
      maxLength: site.settings.messageLength,
      gifts: rows.map((gift): GiftOffer => ({ key: gift.key, icon: gift.icon, credits: gift.credits ?? site.settings.giftCredits })),
      clientKey: generateToken(20),
    },
    fictional: { icon: fictionalIcon, label: fictionalSingular, warning: partner.fictional ? fictionalWarning : null },
    timeZone: site.settings.timeZone,
  };
}

export type SendReply = {
  /** Which form was sent: the text composer resets only after its own message. */
  intent: "text" | "gift";
  result: SubmissionResult;
  problem: ChatProblem | null;
  conversationId: number | null;
};

/**
 * The send action: validates the form with the composer's schema, sends, and answers with the
 * Conform result, the problem to explain and the HTTP status. A partner the member cannot reach is
 * a 404.
 */
export async function sendFromForm(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  to: Destination,
): Promise<{ reply: SendReply; status: number }> {
  const user = requireChatMember(context, request);
  const site = getSite(context);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: messageSchema(site.settings.messageLength) });
  const intent: SendReply["intent"] = formData.get("intent") === "gift" ? "gift" : "text";
  if (submission.status !== "success") return { reply: { intent, result: submission.reply(), problem: null, conversationId: null }, status: 400 };

  const { db, env, ctx, now } = getServices(context);
  const outcome = await sendMessage(db, {
    sender: { id: user.id, status: user.status, paidUser: user.paidUser, spendingBlocked: user.spendingBlocked, profileId: user.profile.id },
    to,
    message: submission.value,
    siteId: site.id,
    settings: site.settings,
    now: now(),
  });
  const refused = (problem: ChatProblem, status: number) => ({ reply: { intent, result: submission.reply(), problem, conversationId: null }, status });
  switch (outcome.status) {
    case "sent":
      if (!outcome.resent) {
        await tellRecipient({ db, env, ctx, site, now: now() }, {
          conversationId: outcome.conversationId,
          senderName: user.profile.name,
          recipientProfileId: outcome.recipientProfileId,
          origin: linkOrigin(context, request),
        });
      }
      return { reply: { intent, result: submission.reply({ resetForm: true }), problem: null, conversationId: outcome.conversationId }, status: 200 };
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

/** The recipient's e-mail about the message; a mail that fails must not fail a message already paid for. */
async function tellRecipient(deps: MailDeps, input: Parameters<typeof mailAboutNewMessage>[1]) {
  try {
    await mailAboutNewMessage(deps, input);
  } catch (error) {
    console.error("new-message mail failed", error);
  }
}

/** A positive id from the URL, or null. */
export function idParam(value: string | undefined | null): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}
