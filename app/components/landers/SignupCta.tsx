import { href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import { useLanderData } from "./use-lander-data";

/**
 * The way on from a lander: a visitor goes to the signup (the /signup page, in the site's default
 * layout, which opens the steps of product.md §2); a member goes to the search.
 */
export function SignupCta({ light = false, note = true }: { light?: boolean; note?: boolean }) {
  const { t } = useTranslation();
  const lander = useLanderData();
  if (lander.loggedIn) {
    return (
      <a href={href("/members")} className={`btn btn-lg ${light ? "btn-light" : "btn-secondary"}`}>
        {t("landers:cta.members")}
      </a>
    );
  }
  return (
    <div className="lander-cta">
      <a href={href("/signup")} className={`btn btn-lg ${light ? "btn-light" : "btn-secondary"}`}>
        {t("landers:cta.signup")}
      </a>
      {note && <p className="lander-cta__note">{t("landers:cta.note", { count: lander.signupCredits })}</p>}
    </div>
  );
}

/** The niche's headline and lead (product.md §10 "Landers": the slug's niche picks the copy). */
export function NicheCopy({ niche, as: Heading = "h1" }: { niche: string; as?: "h1" | "h2" }) {
  const { t } = useTranslation();
  return (
    <>
      <Heading className="lander-headline">{t(`landers:niche.${niche}.headline`)}</Heading>
      <p className="lander-lead">{t(`landers:niche.${niche}.lead`)}</p>
    </>
  );
}
