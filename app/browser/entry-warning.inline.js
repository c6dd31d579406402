// The entry warning (EntryWarning.tsx) on a page without React: modal (focus kept in it, the page
// behind inert) and not closed by Escape; never in the installed app, where CSS hides it.
(() => {
  const dialog = document.querySelector("dialog.entry-warning[open]");
  if (!dialog?.showModal || matchMedia("(display-mode: standalone)").matches) return;
  dialog.close();
  dialog.showModal();
  dialog.addEventListener("cancel", (event) => event.preventDefault());
})();
