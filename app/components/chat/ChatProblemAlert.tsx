import { useTranslation } from "~/i18n/translation";
import { Link, href } from "react-router";
import type { ChatProblem } from "~/chat/chat-screen.server";
import { ResendActivation } from "~/components/signup/ResendActivation";
import { SafetyPrompt } from "./SafetyPrompt";

/**
 * Why a message was not sent (product.md §8): not enough credits (the credit alert, with the way to
 * buy more), a free member's conversation cap (a premium-only feature), an unconfirmed e-mail
 * address (with the activation mail), spending on hold after a charge-back, or the safety check's
 * "Are you sure?" (ADR 053).
 */
export function ChatProblemAlert({ problem, busy = false }: { problem: ChatProblem; busy?: boolean }) {
  const { t } = useTranslation();
  switch (problem.kind) {
    case "insufficient_credits":
      return (
        <div className="alert alert-warning chat-problem" role="alert">
          <p>{t("chat:problems.insufficientCredits", { cost: problem.cost, count: problem.balance })}</p>
          <Link to={href("/credits")} className="btn btn-primary btn-sm">
            {t("chat:problems.buyCredits")}
          </Link>
        </div>
      );
    case "conversation_limit":
      return (
        <div className="alert alert-warning chat-problem" role="alert">
          <p>{t("chat:problems.conversationLimit", { count: problem.limit })}</p>
          <Link to={href("/premium")} className="btn btn-primary btn-sm">
            {t("chat:problems.becomePremium")}
          </Link>
        </div>
      );
    case "unconfirmed":
      return (
        <div className="alert alert-warning chat-problem" role="alert">
          <p>{t("chat:problems.unconfirmed")}</p>
          <ResendActivation variant="link" />
        </div>
      );
    case "spending_blocked":
      return (
        <div className="alert alert-danger chat-problem" role="alert">
          <p>{t("chat:problems.spendingBlocked")}</p>
          <Link to={href("/complaints")} className="btn btn-link btn-sm">
            {t("chat:problems.contactSupport")}
          </Link>
        </div>
      );
    case "safety_check":
      return <SafetyPrompt reasons={problem.reasons} busy={busy} />;
  }
}
