import { useRef, useState, type PointerEvent } from "react";
import { useTranslation } from "~/i18n/translation";
import type { SwipeCard as SwipeCardData } from "~/discovery/swipe.server";
import { interestIcons } from "~/profiles/profile-fields";
import type { InterestKey } from "~/profiles/profile-schema";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import { MemberSilhouette } from "~/components/profiles/MemberSilhouette";
import { useCdnUrl } from "~/components/layout/use-cdn-url";

export type SwipeChoice = "yes" | "no";

/** How far (px) a card must be dragged to count as a choice; less springs back. */
const DECIDE_AT_PX = 110;

/**
 * One card of the swipe game: photo, name, age, region, a few interests. It can be dragged left
 * (no) or right (yes) with a finger or the mouse, tilting as it goes; the buttons beside it stay
 * the main, accessible control. `leaving` flies it off after a choice.
 */
export function SwipeCard({
  card,
  leaving,
  onChoose,
  fictionalIcon,
  fictionalLabel,
}: {
  card: SwipeCardData;
  leaving: SwipeChoice | null;
  onChoose(choice: SwipeChoice): void;
  fictionalIcon: string;
  fictionalLabel: string;
}) {
  const { t } = useTranslation();
  const cdn = useCdnUrl();
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const drag = useRef<{ pointerId: number; startX: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (leaving || (event.pointerType === "mouse" && event.button !== 0)) return;
    drag.current = { pointerId: event.pointerId, startX: event.clientX };
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId === event.pointerId) setOffset(event.clientX - drag.current.startX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointerId !== event.pointerId) return;
    const moved = event.clientX - drag.current.startX;
    drag.current = null;
    setDragging(false);
    setOffset(0);
    if (Math.abs(moved) >= DECIDE_AT_PX) onChoose(moved > 0 ? "yes" : "no");
  };
  const onPointerCancel = () => {
    drag.current = null;
    setDragging(false);
    setOffset(0);
  };

  const lean = Math.max(-1, Math.min(1, offset / DECIDE_AT_PX));
  const style = leaving
    ? undefined
    : { transform: `translateX(${offset}px) rotate(${offset / 14}deg)`, transition: dragging ? "none" : undefined };

  return (
    // The card is one member (an article, named for them); the buttons below the deck and the
    // arrow keys do what dragging does.
    <article
      className={`swipe-card${leaving ? ` swipe-card--leave-${leaving}` : ""}`}
      style={style}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      aria-label={t("discovery:swipe.cardLabel", { name: card.name, age: card.age })}
    >
      {card.photoUrl ? (
        <img src={cdn(card.photoUrl)} alt="" draggable={false} width={320} height={400} className="swipe-card__photo" />
      ) : (
        <MemberSilhouette name={card.name} gender={card.gender} className="swipe-card__photo" />
      )}
      <span className="swipe-card__stamp swipe-card__stamp--yes" style={{ opacity: Math.max(0, lean) }} aria-hidden="true">
        {t("discovery:swipe.yes")}
      </span>
      <span className="swipe-card__stamp swipe-card__stamp--no" style={{ opacity: Math.max(0, -lean) }} aria-hidden="true">
        {t("discovery:swipe.no")}
      </span>
      {card.fictional && <FictionalMark className="profile-card__fictional" icon={fictionalIcon} label={fictionalLabel} />}
      <div className="swipe-card__caption">
        <h2 className="swipe-card__name">
          {card.online && (
            <span className="online-dot" title={t("profileTile.online")}>
              <span className="visually-hidden">{t("profileTile.online")}</span>
            </span>
          )}
          {card.name}, {card.age}
        </h2>
        {card.region && <p className="swipe-card__region">{card.region}</p>}
        {card.interests.length > 0 && (
          <ul className="swipe-card__interests" aria-label={t("discovery:swipe.interests")}>
            {card.interests.map((key) => (
              <li key={key}>
                <span aria-hidden="true">{interestIcons[key as InterestKey]}</span> {t(`interests.${key}`)}
              </li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
