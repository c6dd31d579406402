import { useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { useRootData } from "~/root";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import { MemberSilhouette } from "~/components/profiles/MemberSilhouette";

/**
 * A page's match modal: `showMatch` opens it with the match just made (`match`, null while
 * closed), and `matchModal` is the element to render.
 */
export function useMatchModal(fictional: { icon: string; label: string }) {
  const [match, setMatch] = useState<ProfileCard | null>(null);
  const matchModal = (
    <MatchModal match={match} onClose={() => setMatch(null)} fictionalIcon={fictional.icon} fictionalLabel={fictional.label} />
  );
  return { match, showMatch: setMatch, matchModal };
}

/**
 * The match modal (product.md §10: shown at once to the member who completes a match): both photos
 * and names, "send a message" (the chat with the match) and "keep looking" (closes it).
 */
export function MatchModal({
  match,
  onClose,
  fictionalIcon,
  fictionalLabel,
}: {
  match: ProfileCard | null;
  onClose(): void;
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  const { t } = useTranslation();
  const me = useRootData()?.user ?? null;
  const dialog = useModalDialog(match !== null);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes it; keyboards have Escape (the dialog's own cancel) and its close button
    <dialog
      ref={dialog}
      className="discovery-modal match-modal"
      aria-labelledby="match-modal-title"
      onClose={() => match && onClose()}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
    >
      {match && (
        <div className="discovery-modal__body">
          <p className="match-modal__pair" aria-hidden="true">
            <Avatar url={me?.avatarUrl ?? null} name={me?.profileName ?? ""} className="match-modal__photo match-modal__photo--me" />
            <span className="match-modal__heart">
              <svg className="icon icon--filled" aria-hidden="true">
                <use href="/icons.svg#heart" />
              </svg>
            </span>
            <Avatar url={match.photoUrl} name={match.name} gender={match.gender} className="match-modal__photo" />
          </p>
          <h2 id="match-modal-title">{t("discovery:match.title")}</h2>
          <p>
            {t("discovery:match.text", { name: match.name })}
            {match.fictional && (
              <>
                {" "}
                <FictionalMark className="discovery-fictional" icon={fictionalIcon} label={fictionalLabel} />
              </>
            )}
          </p>
          <p className="match-modal__names">
            <span>{me?.profileName ?? t("discovery:match.you")}</span> &amp; <span>{match.name}</span>
          </p>
          <div className="discovery-modal__actions">
            <Link to={href("/members/:id/chat", { id: String(match.id) })} className="btn btn-primary btn-lg" onClick={onClose}>
              {t("discovery:match.message")}
            </Link>
            <button type="button" className="btn btn-link" onClick={onClose} data-autofocus>
              {t("discovery:match.keepLooking")}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function Avatar({ url, name, gender, className }: { url: string | null; name: string; gender?: "male" | "female"; className: string }) {
  return url ? (
    <img src={url} alt="" width={96} height={96} className={className} />
  ) : (
    <MemberSilhouette name={name} gender={gender} className={className} compact />
  );
}
