import type { BrowserContext } from "playwright-core";

/** The privacy dialog's features, each on or off, as a stored consent names them. */
export interface ConsentFeatures {
  privacy: boolean;
  location: boolean;
  personalization: boolean;
  ai: boolean;
}

/**
 * Stores a consent to `features`, now, as the privacy dialog saves one. It runs inside the page
 * (as an init script or through evaluate), so all it needs comes in its one argument;
 * `unlessChosen` keeps a choice the browser already holds.
 */
export function storeConsent({
  features,
  unlessChosen = false,
}: {
  features: ConsentFeatures;
  unlessChosen?: boolean;
}): void {
  if (unlessChosen && localStorage.getItem("gn:consent")) return;
  localStorage.setItem(
    "gn:consent",
    JSON.stringify({ granted: true, timestamp: Date.now(), version: "1.0", features }),
  );
}

/**
 * Stores an essential-only consent before any page script runs, so the privacy strip names that
 * choice rather than asking, in browser tests that are about something else.
 * tests/e2e/privacy-consent.test.ts covers the strip and the dialog.
 */
export async function skipConsentDialog(context: BrowserContext): Promise<void> {
  await context.addInitScript(storeConsent, {
    features: { privacy: true, location: false, personalization: false, ai: false },
    unlessChosen: true,
  });
}
