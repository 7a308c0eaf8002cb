import type { BrowserContext } from "playwright-core";

/**
 * Stores an essential-only consent before any page script runs, so the 'Your Privacy, Your
 * Choice' dialog (which opens 1 s after a first visit and makes the page inert) stays closed
 * in browser tests that are about something else. tests/e2e/privacy-consent.test.ts covers the dialog.
 */
export async function skipConsentDialog(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    if (localStorage.getItem("gn:consent")) return;
    localStorage.setItem(
      "gn:consent",
      JSON.stringify({
        granted: true,
        timestamp: Date.now(),
        version: "1.0",
        features: { privacy: true, location: false, personalization: false, ai: false },
      }),
    );
  });
}
