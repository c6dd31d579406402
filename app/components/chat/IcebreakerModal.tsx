import { useTranslation } from "~/i18n/translation";
import { CloseModalActions } from "./CloseModalActions";
import { useModalDialog } from "~/components/layout/use-modal-dialog";

/**
 * product.md §2 "icebreaker modal": the opening lines of an empty conversation (product.md §10: 10
 * per locale, free to pick, normal message price). Picking one hands it to `onPick` (which fills
 * the composer); Escape, the backdrop-free close button or a pick closes it.
 */
export function IcebreakerModal({
  lines,
  open,
  onClose,
  onPick,
}: {
  lines: string[];
  open: boolean;
  onClose: () => void;
  onPick: (line: string) => void;
}) {
  const { t } = useTranslation();
  const dialog = useModalDialog(open);
  return (
    <dialog ref={dialog} className="block-modal icebreaker-modal" aria-labelledby="icebreaker-title" onClose={() => open && onClose()}>
      <div className="block-modal__body">
        <h2 id="icebreaker-title">{t("chat:icebreakers.title")}</h2>
        <ul className="icebreakers__list">
          {lines.map((line) => (
            <li key={line}>
              <button type="button" className="icebreakers__line" onClick={() => onPick(line)}>
                {line}
              </button>
            </li>
          ))}
        </ul>
        <CloseModalActions onClose={onClose} />
      </div>
    </dialog>
  );
}
