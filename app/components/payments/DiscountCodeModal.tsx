import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "~/i18n/translation";
import { useFetcher, href } from "react-router";
import { useModalDialog } from "~/components/layout/use-modal-dialog";
import type { DiscountApiResponse } from "~/payments/discount";
import { useRootData } from "~/root";

export type AppliedCode = { code: string; percent: number; discountCents: number };

const DISCOUNT_API = href("/api/discountcode.php");

function discountQuery(params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return `${DISCOUNT_API}?${query}`;
}

/** A code the API accepted for this package, as the order form applies it. */
function appliedFrom(body: DiscountApiResponse | undefined): AppliedCode | null {
  if (!body || !("discountcode" in body) || !body.discount) return null;
  return { code: body.discountcode.code, percent: body.discountcode.value_percentage, discountCents: body.discount.discount_cents };
}

/**
 * product.md §7 `GET /api/discountcode.php?welcome=true`: the member's welcome code priced for this
 * package and method, while their time bonus runs (the root data says whether it does). A failure
 * is ignored: the order simply has no welcome discount.
 */
export function useWelcomeCode(packageKey: string, method: string | null): AppliedCode | null {
  const hasBonus = Boolean(useRootData()?.timeBonus);
  const fetcher = useFetcher<DiscountApiResponse>();
  const { load } = fetcher;
  useEffect(() => {
    if (hasBonus) void load(discountQuery({ welcome: "true", package: packageKey, method }));
  }, [hasBonus, load, packageKey, method]);
  return hasBonus ? appliedFrom(fetcher.data) : null;
}

/**
 * The discount-code selector of the order form (product.md §2): the applied code with a way to
 * remove it, or a modal to enter one. The modal asks the API, so a refused code says why ('Code
 * niet gevonden', 'Code reeds gebruikt', …) before the member pays. It lives inside the order form
 * and so has no form of its own: Enter and the button both check the code.
 */
export function DiscountCodeModal({
  packageKey,
  method,
  applied,
  onApply,
}: {
  packageKey: string;
  method: string | null;
  applied: AppliedCode | null;
  onApply(code: AppliedCode | null): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const fetcher = useFetcher<DiscountApiResponse>();
  const checked = useRef<DiscountApiResponse | undefined>(undefined);
  const dialog = useModalDialog(open, () => {
    setTyped("");
    checked.current = fetcher.data;
  });
  const busy = fetcher.state !== "idle";
  // A fresh answer (not the one on screen when the modal opened) applies the code or shows why not.
  const answer = fetcher.data !== checked.current ? fetcher.data : undefined;
  const accepted = appliedFrom(answer);
  const refusal = answer && "error" in answer ? answer.message : null;

  useEffect(() => {
    if (!accepted || !open) return;
    onApply(accepted);
    setOpen(false);
  }, [accepted, open, onApply]);

  function check() {
    const code = typed.trim();
    if (code) void fetcher.load(discountQuery({ code, package: packageKey, method }));
  }

  if (applied) {
    return (
      <p className="discount-code discount-code--applied">
        <span>{t("bonus:discount.applied", { code: applied.code, percent: applied.percent })}</span>{" "}
        <button type="button" className="btn btn-link" onClick={() => onApply(null)}>
          {t("bonus:discount.remove")}
        </button>
      </p>
    );
  }
  return (
    <>
      <button type="button" className="btn btn-link discount-code__open" onClick={() => setOpen(true)}>
        {t("bonus:discount.open")}
      </button>
      <dialog ref={dialog} className="block-modal" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
        <div className="block-modal__body">
          <h2 id={`${id}-title`}>{t("bonus:discount.title")}</h2>
          <div className="form-field">
            <label htmlFor={`${id}-code`}>{t("bonus:discount.label")}</label>
            <input
              id={`${id}-code`}
              value={typed}
              maxLength={40}
              autoComplete="off"
              autoCapitalize="characters"
              aria-invalid={refusal ? true : undefined}
              aria-describedby={refusal ? `${id}-error` : undefined}
              onChange={(event) => setTyped(event.target.value)}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                check();
              }}
            />
            {refusal && (
              <p id={`${id}-error`} className="field-error" role="alert">
                {refusal}
              </p>
            )}
          </div>
          <div className="block-modal__actions">
            <button type="button" className="btn btn-outline" onClick={() => setOpen(false)}>
              {t("bonus:discount.cancel")}
            </button>
            <button type="button" className="btn btn-secondary" onClick={check} disabled={busy || !typed.trim()}>
              {t("bonus:discount.apply")}
            </button>
          </div>
        </div>
      </dialog>
    </>
  );
}
