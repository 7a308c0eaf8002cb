import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

// Kept apart from ./browser, which the Lighthouse bench imports outside vitest.
/**
 * The run's one Chromium (tests/e2e/global-setup.ts starts it), connected to before a file's tests
 * and let go after them: leaving closes the contexts the file opened and nothing else. Returns a
 * getter, since the connection exists only once the file's tests start.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.connect(inject("browserEndpoint"));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser connects in beforeAll; use it inside a test.");
    return browser;
  };
}
