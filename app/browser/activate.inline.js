// The activation page (routes/activate.tsx) presses its confirm button as soon as a script runs.
var activateForm = document.getElementById("activate-form");
if (activateForm?.requestSubmit) activateForm.requestSubmit();
else activateForm?.submit();
