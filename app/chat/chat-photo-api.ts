/**
 * POST /api/chat-photo.php (product.md §10 "Photos in chat"), shared by the Worker and the browser's
 * photo sender. No zod here: the sender loads on demand, and zod in it would land in the chunk every
 * form page shares.
 */
import type { ChatProblem } from "./chat-screen.server";

/** Where the photo went, or why it did not (with the chat's problem to explain). */
export type ChatPhotoReply = { conversationId: number; messageId: number } | { error: string; message: string; problem?: ChatProblem };

export function chatPhotoReply(problem: ChatProblem, message: string): ChatPhotoReply {
  return { error: problem.kind, message, problem };
}
