import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { launchBrowser } from "./browser";

// Kept apart from ./browser, which the Lighthouse bench imports outside vitest.
/**
 * One Chromium for a test file: launched before its tests, closed after them. Returns a getter,
 * since the browser exists only once the file's tests start.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("The browser starts in beforeAll; use it inside a test.");
    return browser;
  };
}
