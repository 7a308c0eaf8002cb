import type { BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
import { skipConsentDialog } from "./consent";
import { gotoReady } from "./islands";
import { useBrowser } from "./use-browser";

/**
 * Pages for the form tests: one Chromium per file and a fresh context per test, closed after it.
 * Each page's clock runs on its own but can be moved ahead, so the forms' minimum fill time and
 * their banners' five seconds pass without the test waiting them out.
 */
export function useFormPages() {
  const baseUrl = inject("baseUrl");
  const browser = useBrowser();
  let context: BrowserContext | undefined;
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  async function newContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
    context = await browser().newContext(options);
    return context;
  }

  /** A client on a phone with JavaScript off, from an address of its own: a page to walk with. */
  async function phoneWithoutScript(): Promise<Page> {
    const opened = await newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
    });
    opened.setDefaultTimeout(8000);
    return opened.newPage();
  }

  async function open(path: string, width = 1280): Promise<Page> {
    const opened = await newContext({ viewport: { width, height: 900 } });
    // A visitor who already chose "Essential only": the consent dialog would make the page inert.
    await skipConsentDialog(opened);
    // Fail with the locator's own message rather than the test's timeout.
    opened.setDefaultTimeout(8000);
    const page = await opened.newPage();
    await page.clock.install();
    await gotoReady(page, `${baseUrl}${path}`);
    return page;
  }

  return { open, newContext, phoneWithoutScript };
}

/** The forms refuse submissions faster than a person (MIN_FILL_MS, 3 s): let that time pass. */
export const humanPause = (page: Page) => page.clock.fastForward(3200);

/** A short random tag that makes a test's rows its own. */
export const unique = () => Math.random().toString(36).slice(2, 8);

/**
 * The worker measures how long a form was open from the ticket its <noscript> image set when the
 * page loaded (its own clock, not the page's): wait until that ticket is old enough.
 */
export async function waitForFillTime(context: BrowserContext) {
  const issuedAt = async () => {
    const ticket = (await context.cookies()).find((cookie) => cookie.name === "gn_form_ticket");
    return Number(ticket?.value.split(".")[0] ?? Number.NaN);
  };
  await expect.poll(issuedAt).toBeGreaterThan(0);
  await expect
    .poll(async () => Date.now() - (await issuedAt()), { timeout: 10_000, interval: 250 })
    .toBeGreaterThan(3300);
}
