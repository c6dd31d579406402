import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useRevalidator, href } from "react-router";
import { ACCEPTED_TYPES, isRejectionReasonKey, type OwnPhoto, type PhotoAction } from "~/photos/photo-api";
import { sendPhotoAction, uploadPhoto } from "./photo-requests";
import { prepareUpload } from "./prepare-upload";

export type PhotoManagerProps = {
  photos: OwnPhoto[];
  /** How many photos the member may keep (site settings: 3 free, 25 premium). */
  limit: number;
  isPremium: boolean;
};

type Upload = {
  id: string;
  name: string;
  state: "waiting" | "preparing" | "uploading" | "done" | "failed";
  progress: number;
  message?: string;
  /** The stored photo, once uploaded. */
  photoId?: number;
};

/** The photos loaded at once: the first screenful of the list. */
const EAGER_PHOTOS = 4;
/** The first row on a phone, the page's largest paint: asked for with the stylesheet, not after the scripts. */
const URGENT_PHOTOS = 2;

/**
 * The member's photos on /profile (the page gives the heading): upload several at once (file picker or drag and drop, shrunk
 * in the browser first, one request per file with its own progress), put them in order, choose
 * the main photo, mark photos private, delete them, and see each one's review status
 * (product.md §4: pending until a moderator approves it).
 */
export function PhotoManager({ photos: loaded, limit, isPremium }: PhotoManagerProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const inputId = useId();
  const hintId = useId();
  // The answer of the last action shows until the revalidated loader data arrives.
  const [answered, setAnswered] = useState<OwnPhoto[] | null>(null);
  useEffect(() => setAnswered(null), [loaded]);
  const photos = answered ?? loaded;

  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<{ id: string; file: File }[]>([]);
  const running = useRef(false);
  const [dragging, setDragging] = useState(false);
  const [busyPhoto, setBusyPhoto] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const storedIds = new Set(photos.map((photo) => photo.id));
  const listed = (upload: Upload) => upload.state === "done" && storedIds.has(upload.photoId ?? 0);
  // Uploads still on their way (or stored, but not yet in the loader data) take a place too.
  const inFlight = uploads.filter((upload) => upload.state !== "failed" && !listed(upload)).length;
  const room = Math.max(0, limit - photos.length - inFlight);
  // A finished upload leaves the list once its photo shows among the member's photos.
  const shownUploads = uploads.filter((upload) => !listed(upload));
  const full = photos.length >= limit;

  function update(id: string, changes: Partial<Upload>) {
    setUploads((current) => current.map((upload) => (upload.id === id ? { ...upload, ...changes } : upload)));
  }

  async function runQueue() {
    if (running.current) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { id, file } = next;
      update(id, { state: "preparing" });
      const prepared = await prepareUpload(file);
      if (!prepared.ok) {
        update(id, { state: "failed", message: t("photos:errors.heic") });
        continue;
      }
      update(id, { state: "uploading", progress: 0 });
      const result = await uploadPhoto(prepared.file, prepared.name, (progress) => update(id, { progress }));
      if (result.ok) {
        update(id, { state: "done", progress: 1, photoId: result.photo.id });
        await revalidator.revalidate();
      } else {
        update(id, { state: "failed", message: result.message ?? t("messages.generic") });
      }
    }
    running.current = false;
  }

  function addFiles(files: FileList | File[]) {
    const chosen = [...files];
    if (chosen.length === 0) return;
    let left = room;
    const added: Upload[] = chosen.map((file) => {
      const id = crypto.randomUUID();
      if (left <= 0) return { id, name: file.name, state: "failed", progress: 0, message: t("photos:errors.limit_reached", { limit }) };
      left -= 1;
      queue.current.push({ id, file });
      return { id, name: file.name, state: "waiting", progress: 0 };
    });
    setUploads((current) => [...current.filter((upload) => upload.state !== "done" && upload.state !== "failed"), ...added]);
    void runQueue();
  }

  /** Sends an action; `expected` shows its outcome at once (and is undone if the server refuses). */
  async function act(photoId: number, action: PhotoAction, expected?: OwnPhoto[]) {
    setBusyPhoto(photoId);
    setActionError(null);
    if (expected) setAnswered(expected);
    const result = await sendPhotoAction(action);
    if (result.ok) {
      setAnswered(result.photos);
      await revalidator.revalidate();
    } else {
      setAnswered(null);
      setActionError(result.message ?? t("messages.generic"));
    }
    setConfirming(null);
    setBusyPhoto(null);
  }

  /** Puts the photo at `from` at place `to` through the one reorder call (buttons, arrow keys and dragging alike). */
  function moveTo(from: number, to: number) {
    if (to < 0 || to >= photos.length || to === from) return;
    const photo = photos[from]!;
    const reordered = moved(photos, from, to);
    void act(photo.id, { intent: "reorder", order: reordered.map((own) => own.id) }, reordered);
    // Moving the item in the DOM may take the focus away: give it back to the same handle.
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-photo-handle="${photo.id}"]`)?.focus());
  }

  // Dragging by the handle (pointer events: mouse, pen and touch): the list shows the new order while dragging.
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const shown = drag ? moved(photos, drag.from, drag.to) : photos;
  function dragOver(event: React.PointerEvent) {
    if (!drag) return;
    const item = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>("[data-photo-index]");
    const to = item ? Number(item.dataset.photoIndex) : drag.to;
    if (to !== drag.to) setDrag({ ...drag, to });
  }
  function dragEnd() {
    if (drag) moveTo(drag.from, drag.to);
    setDrag(null);
  }

  function setPrivate(photo: OwnPhoto, isPrivate: boolean) {
    const expected = photos.map((own) => (own.id === photo.id ? { ...own, private: isPrivate } : own));
    void act(photo.id, { intent: "private", photoId: photo.id, private: isPrivate }, expected);
  }

  return (
    <div className="photo-manager" id="photos">
      <p className="photo-manager__count">{t("photos:manager.count", { number: photos.length, limit })}</p>
      <p className="field-hint" id={hintId}>
        {t("photos:manager.hint")}
      </p>

      {full ? (
        <div className="alert alert-warning" role="status">
          <p>
            {t("photos:errors.limit_reached", { limit })}{" "}
            {!isPremium && <Link to={href("/premium")}>{t("photos:manager.morePhotos")}</Link>}
          </p>
        </div>
      ) : (
        // A drop target for the mouse only: the file input inside is how keyboards and screen readers add photos.
        // biome-ignore lint/a11y/noStaticElementInteractions: drag and drop has no keyboard form; the labelled file input is its equivalent
        <div
          className={`photo-upload${dragging ? " photo-upload--dragging" : ""}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={(event) => {
            event.preventDefault();
            setDragging(false);
            addFiles(event.dataTransfer.files);
          }}
        >
          <input
            id={inputId}
            className="photo-upload__input"
            type="file"
            accept={ACCEPTED_TYPES}
            multiple
            aria-describedby={hintId}
            disabled={room === 0}
            onChange={(event) => {
              if (event.target.files) addFiles(event.target.files);
              event.target.value = "";
            }}
          />
          <label htmlFor={inputId} className="btn btn-primary">
            {t("photos:manager.choose")}
          </label>
          <p className="photo-upload__drop">{t("photos:manager.drop")}</p>
          {!isPremium && (
            <p className="field-hint">
              {t("photos:manager.freeLimit", { limit })} <Link to={href("/premium")}>{t("photos:manager.morePhotos")}</Link>
            </p>
          )}
        </div>
      )}

      {shownUploads.length > 0 && (
        <ul className="photo-uploads" aria-label={t("photos:manager.uploads")}>
          {shownUploads.map((upload) => (
            <li key={upload.id} className={`photo-uploads__item photo-uploads__item--${upload.state}`}>
              <span className="photo-uploads__name">{upload.name}</span>
              {upload.state === "uploading" ? (
                <progress max={1} value={upload.progress} aria-label={t("photos:manager.progress", { name: upload.name })} />
              ) : (
                <span role={upload.state === "failed" ? "alert" : "status"}>
                  {upload.state === "failed" ? upload.message : t(`photos:manager.state.${upload.state}`)}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}

      {actionError && (
        <div className="alert alert-danger" role="alert">
          <p>{actionError}</p>
        </div>
      )}

      {photos.length === 0 ? (
        <p>{t("photos:manager.empty")}</p>
      ) : (
        <ol className="photo-manager__list">
          {shown.map((photo, index) => {
            const number = index + 1;
            const busy = busyPhoto !== null;
            const dragged = drag !== null && index === drag.to;
            return (
              <li
                key={photo.id}
                className={`photo-item photo-item--${photo.status}${dragged ? " photo-item--dragging" : ""}`}
                aria-busy={busyPhoto === photo.id}
                data-photo-index={index}
              >
                <a href={photo.url} target="_blank" rel="noreferrer" className="photo-item__image">
                  <img
                    src={photo.thumbUrl}
                    alt={t("photos:manager.photoAlt", { number })}
                    width={200}
                    height={250}
                    // The first photos are in the first screenful (two rows on a phone): not lazy, or the page's largest paint waits for them.
                    loading={index < EAGER_PHOTOS ? "eager" : "lazy"}
                    fetchPriority={index < URGENT_PHOTOS ? "high" : "auto"}
                  />
                </a>
                <p className="photo-item__badges">
                  <StatusBadge photo={photo} />
                  {photo.isMain && <span className="badge badge-secondary">{t("photos:badges.main")}</span>}
                  {photo.private && <span className="badge">{t("photos:badges.private")}</span>}
                </p>
                {photo.status === "rejected" && photo.rejectionReason && (
                  <p className="photo-item__reason">
                    {t("photos:manager.rejectedBecause", {
                      reason: isRejectionReasonKey(photo.rejectionReason)
                        ? t(`photos:rejectionReasons.${photo.rejectionReason}`)
                        : photo.rejectionReason,
                    })}
                  </p>
                )}
                <div className="photo-item__actions">
                  {photos.length > 1 && (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm photo-item__handle"
                      data-photo-handle={photo.id}
                      // Not disabled while a change is saved: a disabled button would lose the keyboard focus.
                      aria-disabled={busy}
                      aria-label={t("photos:manager.dragHandle", { number })}
                      title={t("photos:manager.dragHandle", { number })}
                      onPointerDown={(event) => {
                        if (event.button !== 0 || busy) return;
                        event.currentTarget.setPointerCapture(event.pointerId);
                        setDrag({ from: index, to: index });
                      }}
                      onPointerMove={dragOver}
                      onPointerUp={dragEnd}
                      onPointerCancel={() => setDrag(null)}
                      onKeyDown={(event) => {
                        const offset = { ArrowUp: -1, ArrowLeft: -1, ArrowDown: 1, ArrowRight: 1 }[event.key];
                        if (!offset || busy) return;
                        event.preventDefault();
                        moveTo(index, index + offset);
                      }}
                    >
                      <svg className="icon" aria-hidden="true">
                        <use href="/icons.svg#grip" />
                      </svg>
                    </button>
                  )}
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    disabled={busy || index === 0}
                    onClick={() => moveTo(index, index - 1)}
                    aria-label={t("photos:manager.moveUp", { number })}
                  >
                    <svg className="icon" aria-hidden="true">
                      <use href="/icons.svg#up" />
                    </svg>
                  </button>
                  <button
                    type="button"
                    className="btn btn-outline btn-sm"
                    disabled={busy || index === photos.length - 1}
                    onClick={() => moveTo(index, index + 1)}
                    aria-label={t("photos:manager.moveDown", { number })}
                  >
                    <svg className="icon" aria-hidden="true">
                      <use href="/icons.svg#down" />
                    </svg>
                  </button>
                  {!photo.isMain && photo.status !== "rejected" && (
                    <button
                      type="button"
                      className="btn btn-outline btn-sm"
                      disabled={busy || photo.private}
                      title={photo.private ? t("photos:errors.private_main") : undefined}
                      onClick={() => act(photo.id, { intent: "main", photoId: photo.id })}
                    >
                      {t("photos:manager.makeMain")}
                    </button>
                  )}
                  <label className="photo-item__private">
                    <input
                      type="checkbox"
                      checked={photo.private}
                      disabled={busy || photo.isMain}
                      onChange={(event) => setPrivate(photo, event.target.checked)}
                    />{" "}
                    {t("photos:manager.private")}
                  </label>
                  {confirming === photo.id ? (
                    <span className="photo-item__confirm">
                      <span id={`${hintId}-confirm-${photo.id}`}>{t("photos:manager.confirmDelete", { number })}</span>
                      {/* The delete button just left the page: focus moves to the answer, which reads out the question. */}
                      <button
                        type="button"
                        className="btn btn-primary btn-sm"
                        disabled={busy}
                        onClick={() => act(photo.id, { intent: "delete", photoId: photo.id })}
                        aria-describedby={`${hintId}-confirm-${photo.id}`}
                        ref={(button) => button?.focus()}
                      >
                        {t("photos:manager.confirmYes")}
                      </button>
                      <button type="button" className="btn btn-link btn-sm" onClick={() => setConfirming(null)}>
                        {t("photos:manager.confirmNo")}
                      </button>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-link btn-sm"
                      disabled={busy}
                      onClick={() => setConfirming(photo.id)}
                      aria-label={t("photos:manager.deleteLabel", { number })}
                    >
                      {t("photos:manager.delete")}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <p className="field-hint">{t("photos:manager.privateHint")}</p>
    </div>
  );
}

/** `list` with the item at `from` put at `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const result = [...list];
  const [item] = result.splice(from, 1);
  result.splice(to, 0, item!);
  return result;
}

function StatusBadge({ photo }: { photo: OwnPhoto }) {
  const { t } = useTranslation();
  const tone = { pending: "badge-warning", active: "badge-success", rejected: "badge-danger" }[photo.status];
  return <span className={`badge ${tone}`}>{t(`photos:status.${photo.status}`)}</span>;
}
