// The language menu (LanguageMenu.tsx) of a page without React: choosing a language submits its form.
document.addEventListener("change", (event) => {
  const form = event.target.matches?.(".language-menu select") && event.target.form;
  if (form) form.requestSubmit ? form.requestSubmit() : form.submit();
});
