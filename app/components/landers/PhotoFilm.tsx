import { useTranslation } from "~/i18n/translation";
import { FictionalMark } from "~/components/profiles/FictionalMark";
import type { ProfileCard } from "~/profiles/profile-card.server";
import { MemberPhoto } from "./LanderTile";
import { useLanderData } from "./use-lander-data";

/** The number of frames a film shows (its CSS keyframes are timed for six). */
export const FILM_FRAMES = 6;

/**
 * The landers' videos, made by the app from its members' photos (ADR 030): a poster first, and only
 * after "play" the frames load (lazy images in a hidden box are not fetched) and run as a CSS
 * animation, with a transition per frame (`effects`). A checkbox is the play button: no
 * JavaScript. With reduced motion the frames stand still, side by side.
 */
export function PhotoFilm({
  id,
  members,
  effects,
  className,
  children,
}: {
  id: string;
  members: ProfileCard[];
  effects: readonly string[];
  className: string;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const lander = useLanderData();
  const frames = members.slice(0, FILM_FRAMES);
  const poster = frames[0];
  return (
    <div className={`film ${className}`}>
      <input type="checkbox" id={id} className="film__toggle visually-hidden" />
      <div className="film__screen">
        {poster && <MemberPhoto profile={poster} className="film__poster" eager />}
        <ol className="film__frames" aria-label={t("landers:video.framesLabel")}>
          {frames.map((member, index) => (
            <li
              key={member.id}
              className={`film__frame film__frame--${effects[index % effects.length]}`}
              style={{ animationDelay: `${index * 3}s` }}
            >
              <MemberPhoto profile={member} className="film__photo" />
              <span className="film__caption">
                {member.name}, {member.age}
                {member.region ? ` · ${member.region}` : ""}
                {member.fictional && (
                  <FictionalMark className="film__fictional" icon={lander.fictionalIcon} label={lander.fictionalSingular} />
                )}
              </span>
            </li>
          ))}
        </ol>
        {children}
        <label htmlFor={id} className="film__play">
          <svg className="icon" aria-hidden="true">
            <use href="/icons.svg#play" />
          </svg>
          <span className="film__play-text">{t("landers:video.play")}</span>
          <span className="film__stop-text">{t("landers:video.stop")}</span>
        </label>
      </div>
    </div>
  );
}
