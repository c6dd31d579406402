// product.md §2 "Signup modal" on a page without React (SignupDialog.tsx): a plain left click on a link
// to exactly /signup opens it; once something is typed or sent, neither Escape nor the backdrop closes it.
(() => {
  const dialog = document.getElementById("signup-dialog");
  if (!dialog?.showModal) return;
  let busy = false;
  let sent = false;
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target.closest?.("a[href]");
    if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download") || dialog.contains(link)) return;
    const url = new URL(link.href, location.href);
    if (url.origin !== location.origin || url.pathname !== "/signup" || url.search) return;
    event.preventDefault();
    const form = dialog.querySelector("template");
    if (form) form.replaceWith(form.content);
    if (!dialog.open) dialog.showModal();
  });
  dialog.addEventListener("input", () => {
    busy = true;
  });
  dialog.addEventListener("submit", () => {
    busy = sent = true;
  });
  dialog.addEventListener("cancel", (event) => {
    if (busy) event.preventDefault();
  });
  // Browsers may close a modal on a repeated Escape despite the cancel handler: reopen it.
  dialog.addEventListener("close", () => {
    if (busy && !dialog.returnValue) dialog.showModal();
    dialog.returnValue = "";
  });
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog && !busy) dialog.close();
    if (event.target.closest("[data-close]") && !sent) {
      busy = false;
      dialog.close("closed");
    }
  });
})();
