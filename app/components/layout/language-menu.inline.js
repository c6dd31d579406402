// The language menu (LanguageMenu.tsx) of a page without React: choosing a language submits its form.
document.addEventListener("change", (event) => {
  if (event.target.matches?.(".language-menu select")) event.target.form.requestSubmit();
});
