/**
 * The PhotoManager's calls to `/api/photos.php`: an upload with progress (XMLHttpRequest, the
 * only browser API that reports upload progress) and the JSON actions.
 */
import { href } from "react-router";
import { UPLOAD_FIELD, UPLOAD_TIME_LIMIT_MS, type OwnPhoto, type PhotoAction } from "~/photos/photo-api";
import { callApi } from "~/utils/call-api";

/** `message` is the server's translated refusal; null when the request itself failed. */
export type RequestResult<T> = ({ ok: true } & T) | { ok: false; message: string | null };

function refusal(body: unknown): { ok: false; message: string | null } {
  const message = body && typeof body === "object" && "message" in body && typeof body.message === "string" ? body.message : null;
  return { ok: false, message };
}

export function uploadPhoto(file: Blob, name: string, onProgress: (fraction: number) => void): Promise<RequestResult<{ photo: OwnPhoto }>> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", href("/api/photos.php"));
    request.responseType = "json";
    request.timeout = UPLOAD_TIME_LIMIT_MS;
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () => {
      const body: unknown = request.response;
      if (request.status === 201 && body && typeof body === "object" && "photo" in body)
        resolve({ ok: true, photo: body.photo as OwnPhoto });
      else resolve(refusal(body));
    });
    request.addEventListener("error", () => resolve({ ok: false, message: null }));
    request.addEventListener("abort", () => resolve({ ok: false, message: null }));
    request.addEventListener("timeout", () => resolve({ ok: false, message: null }));
    const form = new FormData();
    form.append(UPLOAD_FIELD, file, name);
    request.send(form);
  });
}

export async function sendPhotoAction(action: PhotoAction): Promise<RequestResult<{ photos: OwnPhoto[] }>> {
  try {
    // Reordering, the main photo and privacy set a state (safe to repeat); a repeated delete would answer "not found".
    const response = await callApi(
      href("/api/photos.php"),
      { method: "PATCH", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(action) },
      action.intent !== "delete",
    );
    const body: unknown = await response.json().catch(() => null);
    if (response.ok && body && typeof body === "object" && "photos" in body) return { ok: true, photos: body.photos as OwnPhoto[] };
    return refusal(body);
  } catch {
    return { ok: false, message: null };
  }
}
