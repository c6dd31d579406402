import { useEffect, useRef } from "react";

/**
 * Keeps a `<dialog>` shown as a modal while `open` is true and closes it when `open` turns false;
 * `onOpen` runs each time it opens (e.g. to clear an earlier error). Attach the returned ref to the
 * dialog element.
 *
 * A dialog the server rendered with the `open` attribute (shown, but not modal: the entry warning,
 * so it never flashes) is made modal once the browser runs — focus trapped, page inert. How a
 * dialog may be dismissed (Escape, backdrop) stays with its component: the hook only follows `open`.
 *
 * Opening focuses the element marked `data-autofocus` (else the browser's choice, the first
 * focusable one). React's `autoFocus` would not do: it focuses once, when the element mounts,
 * which for these dialogs is before they open.
 */
export function useModalDialog(open: boolean, onOpen?: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.matches(":modal")) {
      element.close(); // a no-op unless the server rendered it open (not modal)
      opened.current?.();
      element.showModal();
      element.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
