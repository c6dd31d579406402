/**
 * Sends a photo in a chat (product.md §10 "Photos in chat"): shrunk in the browser like every
 * upload (app/components/photos/prepare-upload.ts), then POST /api/chat-photo.php, which checks,
 * re-encodes and charges it. Loaded when the member picks a photo, so the chat pages do not ship it.
 */
import { href } from "react-router";
import type { ChatPhotoReply } from "~/chat/chat-photo-api";
import type { ChatProblem } from "~/chat/chat-screen.server";
import { UPLOAD_FIELD, UPLOAD_TIME_LIMIT_MS } from "~/photos/photo-api";
import { prepareUpload } from "~/components/photos/prepare-upload";

export type ChatPhotoResult =
  | { ok: true; conversationId: number }
  /** `message` is the server's translated refusal, `heic` the browser's own; neither when the request failed. */
  | { ok: false; problem: ChatProblem | null; message: string | null; heic: boolean };

export async function sendChatPhoto(
  file: File,
  to: { conversation: number } | { profile: number },
  clientKey: string,
): Promise<ChatPhotoResult> {
  const prepared = await prepareUpload(file);
  if (!prepared.ok) return { ok: false, problem: null, message: null, heic: true };
  const form = new FormData();
  form.append("clientKey", clientKey);
  if ("conversation" in to) form.append("conversation", String(to.conversation));
  else form.append("profile", String(to.profile));
  form.append(UPLOAD_FIELD, prepared.file, prepared.name);
  try {
    const response = await fetch(href("/api/chat-photo.php"), {
      method: "POST",
      body: form,
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(UPLOAD_TIME_LIMIT_MS),
    });
    const body = (await response.json().catch(() => null)) as ChatPhotoReply | null;
    if (body && "conversationId" in body) return { ok: true, conversationId: body.conversationId };
    return { ok: false, problem: body?.problem ?? null, message: body?.message ?? null, heic: false };
  } catch {
    return { ok: false, problem: null, message: null, heic: false };
  }
}
