import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, useRevalidator, useSearchParams, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { AutoLike } from "~/discovery/like-api";
import { useRootData } from "~/root";
import { likeModalDelay } from "./like-modal-delay";
import { callApi } from "~/utils/call-api";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

/** product.md §9: likes are reloaded 500 ms after the auto-like. */
const RELOAD_LIKES_AFTER_MS = 500;

/**
 * The like modal (product.md §2, §7): with `?t=<seconds>` in the URL, a signed-in member gets,
 * after that many seconds, a profile that liked them (`GET /api/auto-like.php` records the like)
 * with a button to its page; a click anywhere on the button or outside closes it. Visitors: nothing
 * is called.
 */
export function LikeModal() {
  const { t } = useTranslation();
  const cdn = useCdnUrl();
  const signedIn = Boolean(useRootData()?.user);
  const [searchParams] = useSearchParams();
  const delay = likeModalDelay(searchParams.get("t"));
  const revalidator = useRevalidator();
  const [shown, setShown] = useState<AutoLike | null>(null);
  const profile = shown?.profile ?? null;
  const dialog = useModalDialog(profile !== null);
  const asked = useRef(false);

  useEffect(() => {
    if (!signedIn || delay === null || asked.current) return;
    let reload: ReturnType<typeof setTimeout> | undefined;
    const timer = setTimeout(async () => {
      asked.current = true;
      // Once (no retry): the call records the like it shows.
      const response = await callApi(href("/api/auto-like.php"), { headers: { Accept: "application/json" } }, false).catch(() => null);
      const body = response?.ok ? ((await response.json().catch(() => null)) as AutoLike | null) : null;
      if (!body?.profile) return;
      setShown(body);
      reload = setTimeout(() => void revalidator.revalidate(), RELOAD_LIKES_AFTER_MS);
    }, delay * 1000);
    return () => {
      clearTimeout(timer);
      clearTimeout(reload);
    };
    // Once per page view: the revalidator is left out on purpose (it changes with every load).
  }, [signedIn, delay]);

  const close = () => setShown(null);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: any click closes it (product.md §2); keyboards have Escape (the dialog's own cancel) and its close button
    <dialog
      ref={dialog}
      className="discovery-modal like-modal"
      aria-labelledby="like-modal-title"
      onClose={() => setShown(null)}
      // product.md §2: it closes on click (the button still opens the profile first).
      onClick={close}
    >
      {profile && (
        <div className="discovery-modal__body">
          <button type="button" className="discovery-modal__close" aria-label={t("discovery:likeModal.close")}>
            <svg className="icon" aria-hidden="true">
              <use href="/icons.svg#close" />
            </svg>
          </button>
          {profile.photoUrl ? (
            <img src={cdn(profile.photoUrl)} alt="" width={160} height={200} className="like-modal__photo" />
          ) : (
            // MemberSilhouette's markup, written out: this modal is in every page's first load.
            <span className={`like-modal__photo silhouette silhouette--${profile.gender}`} aria-hidden="true">
              <span className="silhouette__initial">{Array.from(profile.name.trim())[0]?.toLocaleUpperCase()}</span>
            </span>
          )}
          <h2 id="like-modal-title">
            {t("discovery:likeModal.title", { name: profile.name })}
            {profile.fictional && shown && (
              <span className="discovery-fictional" title={shown.fictional.label}>
                {" "}
                <svg className="icon" aria-hidden="true">
                  <use href={`/icons.svg#${shown.fictional.icon}`} />
                </svg>
                <span className="visually-hidden">{shown.fictional.label}</span>
              </span>
            )}
          </h2>
          <p>
            {profile.age}
            {profile.region ? ` · ${profile.region}` : ""}
          </p>
          <p>{t("discovery:likeModal.text")}</p>
          <div className="discovery-modal__actions">
            <Link to={href("/members/:id", { id: String(profile.id) })} className="btn btn-primary btn-lg">
              {t("discovery:likeModal.view")}
            </Link>
          </div>
        </div>
      )}
    </dialog>
  );
}
