/** What a moderator can decide about a flagged or reported conversation (ADR 053); shared by the screen and the server. */
export const CONVERSATION_DECISIONS = ["dismiss", "warn", "remove_photos", "ban"] as const;
export type ConversationDecision = (typeof CONVERSATION_DECISIONS)[number];
