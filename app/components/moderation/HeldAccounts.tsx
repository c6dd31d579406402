import { Form, Link, useNavigation, href } from "react-router";
import { useFormat } from "~/i18n/format";
import { useTranslation } from "~/i18n/translation";
import type { HeldAccount } from "~/safety/spam-hold.server";

/**
 * Accounts whose messages are held as likely spam (ADR 053): what they sent to how many members,
 * and the decision: deliver the held messages (release), or remove them and refund the credits
 * (reject). Banning is the complaints' ban, or the conversation queue's.
 */
export function HeldAccounts({ accounts }: { accounts: HeldAccount[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const busy = useNavigation().state !== "idle";
  return (
    <section id="held" className="moderation__section" aria-labelledby="held-title">
      <h2 id="held-title">{t("photos:moderation.held.title")}</h2>
      <p className="field-hint">{t("photos:moderation.held.intro")}</p>
      {accounts.length === 0 ? (
        <p>{t("photos:moderation.held.empty")}</p>
      ) : (
        <ul className="moderation-held">
          {accounts.map((account) => (
            <li key={account.profileId} className="moderation-held__account">
              <p>
                <Link to={href("/members/:id", { id: String(account.profileId) })}>{account.name}</Link>{" "}
                <span className="field-hint">
                  {t("photos:moderation.held.since", { date: format.date(account.heldSince) })} ·{" "}
                  {t("photos:moderation.held.messages", { count: account.heldMessages, recipients: account.recipients })}
                </span>
              </p>
              {account.samples.map((sample) => (
                <blockquote key={sample} className="moderation-text__body">
                  {sample}
                </blockquote>
              ))}
              <div className="moderation__actions">
                {(["release_held", "reject_held"] as const).map((intent) => (
                  <Form method="post" preventScrollReset key={intent}>
                    <input type="hidden" name="intent" value={intent} />
                    <input type="hidden" name="profileId" value={account.profileId} />
                    <button
                      type="submit"
                      className={`btn btn-sm ${intent === "release_held" ? "btn-outline" : "btn-primary"}`}
                      disabled={busy}
                    >
                      {t(`photos:moderation.held.${intent}`, { name: account.name })}
                    </button>
                  </Form>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
