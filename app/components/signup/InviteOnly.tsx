import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";

/** product.md §4/§8: the invite-only signup message. */
export function InviteOnly({ onLoginInstead }: { onLoginInstead?: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="signup-closed" aria-labelledby="signup-closed-title">
      <h1 id="signup-closed-title">{t("signup:gate.title")}</h1>
      <p className="lead">{t("signup:gate.inviteOnly")}</p>
      <p>
        {t("signup:account.haveAccount")}{" "}
        <Link to={href("/login")} onClick={onLoginInstead}>
          {t("signup:account.login")}
        </Link>
      </p>
    </section>
  );
}
