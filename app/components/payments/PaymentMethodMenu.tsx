import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { Link, href } from "react-router";
import { useTranslation } from "~/i18n/translation";
import { defaultMethodCookie, delayedMethods } from "~/payments/default-method";
import type { PaymentMethodKey } from "~/sites/payment-methods";

/**
 * The payment method item's context menu (product.md §2): a menu button (WAI-ARIA menu button
 * pattern: Enter, Space or ArrowDown open it on the first item, ArrowUp on the last; arrows,
 * Home and End move; Escape or Tab closes it) with "use as my default method", "about this
 * method" and, for direct debit, the mandate page.
 */
export function PaymentMethodMenu({
  method,
  isDefault,
  onDefault,
}: {
  method: PaymentMethodKey;
  isDefault: boolean;
  onDefault: (method: PaymentMethodKey) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [about, setAbout] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const focusTarget = useRef<"first" | "last">("first");
  const name = t(`payments:methods.${method}`);

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const list = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    (focusTarget.current === "first" ? list[0] : list[list.length - 1])?.focus();
    const outside = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const openAt = (target: "first" | "last") => {
    focusTarget.current = target;
    setOpen(true);
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      openAt(event.key === "ArrowDown" ? "first" : "last");
    }
  };

  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => {
      event.preventDefault();
      list[(index + list.length) % list.length]?.focus();
    };
    if (event.key === "ArrowDown") move(at + 1);
    else if (event.key === "ArrowUp") move(at - 1);
    else if (event.key === "Home") move(0);
    else if (event.key === "End") move(list.length - 1);
    else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") close(false);
  };

  const chooseDefault = () => {
    document.cookie = defaultMethodCookie(method, window.location.protocol === "https:");
    onDefault(method);
    close(true);
  };

  return (
    <div className="payment-method__menu">
      <button
        ref={button}
        type="button"
        className="payment-method__menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? `${id}-menu` : undefined}
        aria-label={t("payments:methodMenu.open", { method: name })}
        onClick={() => (open ? close(false) : openAt("first"))}
        onKeyDown={onButtonKey}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div ref={menu} id={`${id}-menu`} role="menu" className="payment-method__menu-list" aria-label={name} onKeyDown={onMenuKey}>
          <button type="button" role="menuitem" tabIndex={-1} onClick={chooseDefault} aria-disabled={isDefault || undefined}>
            {isDefault ? t("payments:methodMenu.isDefault") : t("payments:methodMenu.makeDefault")}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            onClick={() => {
              setAbout(true);
              close(true);
            }}
          >
            {t("payments:methodMenu.about")}
          </button>
          {method === "sdd" && (
            <Link role="menuitem" tabIndex={-1} to={href("/directdebit")}>
              {t("payments:methodMenu.mandate")}
            </Link>
          )}
        </div>
      )}
      {about && (
        <div className="payment-method__about" role="note" aria-label={t("payments:methodMenu.about")}>
          <p>{t("payments:methodMenu.fees")}</p>
          <p>{delayedMethods.includes(method) ? t("payments:methodMenu.delayed") : t("payments:methodMenu.instant")}</p>
          <button type="button" className="btn-link" onClick={() => setAbout(false)}>
            {t("payments:methodMenu.closeAbout")}
          </button>
        </div>
      )}
    </div>
  );
}
