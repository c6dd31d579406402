/**
 * The chat calls of product.md §7, shared by the Worker and the browser: GET /api/chats.php answers
 * `ChatsPayload`; DELETE /api/chat.php takes a conversation (or every conversation with a profile);
 * POST /api/chat-typing.php a conversation the member is typing in (POST /api/chat-photo.php:
 * chat-photo-api.ts, without zod, for the browser's lazily loaded sender).
 */
import { z } from "zod";
import type { ChatEntry } from "./conversations.server";

export type ChatsPayload = { chats: ChatEntry[]; total_unread_messages: number };

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const removeChatSchema = z.union([z.object({ conversation: id }), z.object({ profile: id })]);

/** POST /api/chat-typing.php: the member is typing in this conversation (ADR 027). */
export const typingSchema = z.object({ conversation: id });

export type RemoveChatResult = { removed: number };
export type ChatApiError = { error: string; message: string };
