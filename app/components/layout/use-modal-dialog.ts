import { useEffect, useRef } from "react";

/**
 * Keeps a `<dialog>` shown as a modal while `open` is true; `onOpen` runs each time it opens (e.g.
 * to clear an earlier error). Attach the returned ref to the dialog element.
 */
export function useModalDialog(open: boolean, onOpen?: () => void) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opened = useRef(onOpen);
  opened.current = onOpen;
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opened.current?.();
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);
  return dialog;
}
