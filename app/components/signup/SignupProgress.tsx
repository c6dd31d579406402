import { useTranslation } from "~/i18n/translation";
import { signupSteps, type SignupStep } from "~/accounts/signup-steps";

/** Where the visitor is among the signup steps of product.md §2 ("Stap 2 van 7"), with a progress bar. */
export function SignupProgress({ step }: { step: SignupStep }) {
  const { t } = useTranslation();
  const current = signupSteps.indexOf(step) + 1;
  const total = signupSteps.length;
  return (
    <div className="signup-progress">
      <p className="signup-progress__label" id="signup-progress-label">
        {t("signup:progress", { current, total, step: t(`signup:steps.${step}`) })}
      </p>
      <progress className="signup-progress__bar" max={total} value={current} aria-labelledby="signup-progress-label" />
    </div>
  );
}
