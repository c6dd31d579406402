import { useTranslation } from "~/i18n/translation";
import { useRevalidator, href } from "react-router";
import { useFormat } from "~/i18n/format";
import type { BlockedMember } from "~/profiles/blocks.server";
import { UnblockButton } from "./UnblockButton";

/** Settings: the members someone blocked, each with an unblock button. */
export function BlockedMembersList({ blocked }: { blocked: BlockedMember[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const revalidator = useRevalidator();
  if (blocked.length === 0) return <p>{t("members:blocked.none")}</p>;
  return (
    <>
      <p>{t("members:blocked.intro")}</p>
      <ul className="blocked-list">
        {blocked.map((member) => (
          <li key={member.id} className="blocked-list__item">
            <span>
              <strong>{member.name}</strong>{" "}
              <span className="field-hint">{t("members:blocked.since", { date: format.date(new Date(member.blockedAt)) })}</span>
            </span>
            <UnblockButton
              profileId={member.id}
              name={member.name}
              redirectTo={`${href("/settings")}#blocked`}
              onUnblocked={() => void revalidator.revalidate()}
            />
          </li>
        ))}
      </ul>
    </>
  );
}
