// The print button of a signed release form's page (worker/features/release-forms/document-page.ts): shown
// only when this script runs, as without it the browser's own Print does the same.
const button = document.querySelector("[data-print]");
if (button) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
