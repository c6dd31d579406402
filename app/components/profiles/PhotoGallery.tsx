import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { GalleryPhoto } from "~/profiles/profile-view.server";

/**
 * The gallery of a profile (product.md §2): approved photos, and a lock overlay on the photos the
 * viewer may not see — private photos for non-premium members ("premium only", to the prices), any
 * photo but the main one for visitors (`onLoginRequired`, product.md §8 "login required: photo"). A
 * locked tile never carries the photo's address.
 */
export function PhotoGallery({ photos, name, onLoginRequired }: { photos: GalleryPhoto[]; name: string; onLoginRequired: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Extract<GalleryPhoto, { kind: "photo" }> | null>(null);
  if (photos.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby="profile-gallery">
      <h2 id="profile-gallery" className="h5">
        {t("members:view.photos", { number: photos.length })}
      </h2>
      <ul className="photo-gallery">
        {photos.map((photo, index) => (
          <li key={photo.id} className="photo-gallery__item">
            {photo.kind === "photo" ? (
              <a
                href={photo.url}
                className="photo-gallery__photo"
                onClick={(event) => {
                  event.preventDefault();
                  setOpen(photo);
                }}
              >
                <img
                  src={photo.thumbUrl}
                  alt={t("members:view.photoAlt", { name, number: index + 1 })}
                  width={160}
                  height={200}
                  loading="lazy"
                />
                {photo.private && <span className="photo-gallery__badge">{t("members:view.privatePhoto")}</span>}
              </a>
            ) : photo.reason === "premium" ? (
              <Link to={href("/premium")} className="photo-gallery__locked" aria-label={t("members:view.lockedPremiumLabel")}>
                <span className="photo-gallery__lock">
                  <svg className="icon" aria-hidden="true">
                    <use href="/icons.svg#lock" />
                  </svg>
                </span>
                <span>{t("members:view.lockedPremium")}</span>
              </Link>
            ) : (
              <button
                type="button"
                className="photo-gallery__locked"
                onClick={onLoginRequired}
                aria-label={t("members:view.lockedLoginLabel")}
              >
                <span className="photo-gallery__lock">
                  <svg className="icon" aria-hidden="true">
                    <use href="/icons.svg#lock" />
                  </svg>
                </span>
                <span>{t("members:view.lockedLogin")}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {open && <PhotoLightbox photo={open} alt={t("members:view.mainPhotoAlt", { name })} onClose={() => setOpen(null)} />}
    </section>
  );
}

function PhotoLightbox({ photo, alt, onClose }: { photo: { url: string }; alt: string; onClose: () => void }) {
  const { t } = useTranslation();
  // Mounted while a photo is open; closing it (button, Escape, backdrop) unmounts it through onClose.
  const dialog = useModalDialog(true);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; keyboards have Escape (the dialog's own cancel) and its close button
    <dialog
      ref={dialog}
      className="photo-lightbox"
      aria-label={alt}
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) dialog.current?.close();
      }}
    >
      <img src={photo.url} alt={alt} />
      <button
        type="button"
        className="photo-lightbox__close"
        onClick={() => dialog.current?.close()}
        aria-label={t("members:view.closePhoto")}
      >
        <svg className="icon" aria-hidden="true">
          <use href="/icons.svg#close" />
        </svg>
      </button>
    </dialog>
  );
}
