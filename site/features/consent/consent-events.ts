/** Lets any part of the page open the privacy dialog without importing the dialog itself. */
const openEvent = "gn:open-consent";

export function openConsentDialog(): void {
  window.dispatchEvent(new Event(openEvent));
}

export function onOpenConsentDialog(handler: () => void): () => void {
  window.addEventListener(openEvent, handler);
  return () => window.removeEventListener(openEvent, handler);
}
