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

  /**
   * A client on a phone with JavaScript off, from an address of its own: a page to walk with.
   * A walk through many server round trips may give each step longer than the usual 8 s.
   */
  async function phoneWithoutScript({ timeout = 8000 } = {}): Promise<Page> {
    const opened = await newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      extraHTTPHeaders: { "CF-Connecting-IP": `203.0.113.${Math.floor(Math.random() * 200) + 20}` },
    });
    opened.setDefaultTimeout(timeout);
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

/**
 * On a request's status page (JavaScript off): the client answers in the thread, with an image
 * if one is given, and the page comes back saying it was sent.
 */
export async function answerInThread(
  page: Page,
  text: string,
  image?: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  await page.getByLabel("Your answer").fill(text);
  if (image) await page.getByLabel(/Add an image/).setInputFiles(image);
  await page.getByRole("button", { name: "Send your answer" }).click();
  await page.waitForURL(/\?sent=1#message-sent$/);
}

/**
 * Holds every request the page makes to `url` until the returned function is called, so a test
 * can look at the page while it is still waiting for the server.
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

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

/** What a client types into the consultation form, the parts the API requires and any others. */
export interface RequestFields {
  name: string;
  email: string;
  phone: string;
  tattooIdea: string;
  placement?: string;
}

/**
 * Sends a consultation request through the API as the form's script does, from `page`'s browser
 * (its address, its cookies), past the minimum fill time. Returns the request's id and the path
 * of its private status page; tests that begin after the request start here.
 */
export async function sendRequestByApi(
  page: Page,
  fields: RequestFields,
  headers: Record<string, string> = {},
): Promise<{ id: string; statusPath: string }> {
  const baseUrl = inject("baseUrl");
  const sent = await page.request.post(`${baseUrl}/api/consultations`, {
    headers: { Origin: baseUrl, ...headers },
    data: { ...fields, ageVerification: true, fillMs: 8000 },
  });
  expect(sent.status()).toBe(201);
  const { id, statusUrl } = (await sent.json()) as { id: string; statusUrl: string };
  return { id, statusPath: new URL(statusUrl).pathname };
}

/** A documentation-range address of its own, so per-address limits never join two posts. */
export const freshAddress = () => `203.0.113.${Math.floor(Math.random() * 200) + 20}`;

/**
 * On a status page's booking card: moves `weeksOn` weeks later one click at a time, as a visitor
 * does, then books the first or the last time shown and waits for the booked page.
 */
export async function bookFromCard(page: Page, slot: "first" | "last", weeksOn = 0): Promise<void> {
  const booking = page.locator("#booking");
  for (let week = 1; week <= weeksOn; week++) {
    await booking.getByRole("link", { name: "Later week →" }).click();
    await page.waitForURL(new RegExp(`[?&]week=${week}`));
  }
  await booking.locator(".booking-slot")[slot]().click();
  await booking.getByRole("button", { name: "Book this time" }).click();
  await page.waitForURL(/\?booked=1/);
}

/**
 * A form post to the test server as a page of the site sends it (same origin, urlencoded), from
 * an address of its own, without following the answer's redirect.
 */
export const postFromPage = (path: string, fields: Record<string, string>) =>
  fetch(`${inject("baseUrl")}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      Origin: inject("baseUrl"),
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": freshAddress(),
    },
    body: new URLSearchParams(fields),
  });
