/**
 * What the chat screen shows besides the messages (/chats/{id} and /members/{id}/chat): what sending
 * costs, the gifts, and the shapes of a send's reply. The send action itself is the routes' (app/routes/chat-send.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { asc } from "drizzle-orm";
import { schema, type Database } from "~/db/client.server";
import { generateToken } from "~/security/tokens.server";
import type { SafetyReason } from "~/safety/message-check";
import type { LocalizedSite } from "~/sites/site.server";

/** Why a message was not sent, for the alert above the composer. */
export type ChatProblem =
  | { kind: "insufficient_credits"; cost: number; balance: number }
  | { kind: "conversation_limit"; limit: number }
  | { kind: "unconfirmed" }
  | { kind: "spending_blocked" }
  /** The safety check flagged the text (ADR 053): "Are you sure?", nothing sent or charged yet. */
  | { kind: "safety_check"; reasons: SafetyReason[] };

export type GiftOffer = { key: string; icon: string; credits: number };

type GiftRow = typeof schema.gifts.$inferSelect;

/** The gift catalogue, read alongside the conversation (never after it: ADR 047). */
export function readGifts(db: Database): Promise<GiftRow[]> {
  return db.select().from(schema.gifts).orderBy(asc(schema.gifts.position));
}

/**
 * What the chat screen needs besides the messages: prices, the gift catalogue, the length limit, a
 * fresh client key for the next message, the site's fictional-profile notice (product.md §10: a
 * fictional profile's chat shows the warning) and the time zone messages are dated in.
 */
export function chatScreenData(site: LocalizedSite, partner: { fictional: boolean }, rows: GiftRow[]) {
  const { fictionalIcon } = site.settings;
  const { fictionalSingular, fictionalWarning } = site.texts;
  return {
    composer: {
      messageCost: site.settings.messageCredits,
      photoCost: site.settings.photoCredits,
      maxLength: site.settings.messageLength,
      gifts: rows.map((gift): GiftOffer => ({ key: gift.key, icon: gift.icon, credits: gift.credits ?? site.settings.giftCredits })),
      clientKey: generateToken(20),
    },
    fictional: { icon: fictionalIcon, label: fictionalSingular, warning: partner.fictional ? fictionalWarning : null },
    timeZone: site.settings.timeZone,
  };
}

export type SendReply = {
  /** Which form was sent: the text composer resets only after its own message; a report (ADR 053) sends nothing. */
  intent: "text" | "gift" | "gif" | "report";
  result: SubmissionResult;
  problem: ChatProblem | null;
  conversationId: number | null;
};
