import type { Browser, BrowserContext, BrowserContextOptions, Page, Request } from "playwright-core";
import { afterEach, expect, inject } from "vitest";
import { useBrowser } from "./use-browser";

// What the privacy tests share: a browser context that records every request, console problem
// and geolocation call, and the consent dialog's controls.

/** Counts every geolocation call the page makes, so a prompt that never shows can be proven. */
const countGeolocation = () => {
  const w = window as unknown as { __geoCalls: number };
  w.__geoCalls = 0;
  const geo = navigator.geolocation;
  if (!geo) return;
  const original = geo.getCurrentPosition.bind(geo);
  geo.getCurrentPosition = (...args: Parameters<Geolocation["getCurrentPosition"]>) => {
    w.__geoCalls++;
    original(...args);
  };
  const watch = geo.watchPosition.bind(geo);
  geo.watchPosition = (...args: Parameters<Geolocation["watchPosition"]>) => {
    w.__geoCalls++;
    return watch(...args);
  };
};

export interface Session {
  context: BrowserContext;
  page: Page;
  requests: Request[];
  problems: string[];
  apiCalls: (path: string) => string[];
}

/**
 * A documentation-range address of its own for each session. Every browser test reaches the
 * server from 127.0.0.1, so without this the per-address limits of the measurement and
 * personalization endpoints would be shared by all tests, and one test's page views could use
 * up the quota another test's beacons need.
 */
function sessionAddress(): string {
  const [a = 0, b = 0] = crypto.getRandomValues(new Uint16Array(2));
  return `2001:db8:${a.toString(16)}:${b.toString(16)}::1`;
}

export async function openSession(browser: Browser, options: BrowserContextOptions = {}): Promise<Session> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    ...options,
    extraHTTPHeaders: { "CF-Connecting-IP": sessionAddress(), ...options.extraHTTPHeaders },
  });
  await context.addInitScript(countGeolocation);
  const requests: Request[] = [];
  context.on("request", (request) => requests.push(request));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  const apiCalls = (path: string) =>
    requests.map((r) => new URL(r.url()).pathname).filter((p) => p === path || p.startsWith(`${path}/`));
  return { context, page, requests, problems, apiCalls };
}

/** A feature the visitor can switch on, by its switch's name. */
type Feature = "location" | "personalization" | "ai";
/** A preset button of the dialog that asks for the visitor's location. */
type Preset = "Recommended Settings" | "Enable All Features";

export const tabSession = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("gn:sid") ?? "null") as string);

export const dialog = (page: Page) => page.getByRole("dialog", { name: "Your Privacy, Your Choice" });
export const storageKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith("gn:")),
    session: Object.keys(sessionStorage).filter((k) => k.startsWith("gn:")),
  }));

/** The privacy strip under the header of every page. */
export const strip = (page: Page) => page.getByRole("region", { name: "Privacy choices" });

/** A first visit to the home page, the dialog opened from the privacy strip's 'Choose features'. */
async function openConsentDialog(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  // The strip's buttons work once the page's script has started.
  await page.locator("html[data-started]").waitFor({ state: "attached" });
  await strip(page).getByRole("button", { name: "Choose features" }).click();
  await dialog(page).waitFor({ state: "visible" });
}

/**
 * Opens the dialog on a first visit and picks a preset that asks for the visitor's location:
 * this browser grants none, so the preset switches location off again, with a notice.
 */
async function presetWithLocationDenied(page: Page, baseUrl: string, preset: Preset): Promise<void> {
  await openConsentDialog(page, baseUrl);
  await page.getByRole("button", { name: preset }).click();
  await page.getByText("Location disabled due to permission denial").waitFor();
}

/** Opens the home page, opens the dialog and saves the given features. */
async function consentTo(session: Session, baseUrl: string, features: Feature[]) {
  const { page } = session;
  await openConsentDialog(page, baseUrl);
  for (const feature of features) await page.locator(`[data-feature="${feature}"]`).click();
  for (const feature of features) {
    await expect
      .poll(() => page.locator(`[data-feature="${feature}"]`).getAttribute("aria-checked"))
      .toBe("true");
  }
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Continue with Selected Features" }).click();
  await page.getByText("Preferences saved successfully!").waitFor();
  await reloaded;
}

/**
 * A privacy file's set-up: the served site's address; sessions on the run's browser, each closed
 * once its test ends (passed or not); and the consent steps above, on that site.
 */
export function usePrivacySessions() {
  const baseUrl = inject("baseUrl");
  const browser = useBrowser();
  const opened: Session[] = [];
  afterEach(async () => {
    for (const session of opened.splice(0)) await session.context.close();
  });
  return {
    baseUrl,
    open: async (options?: BrowserContextOptions) => {
      const session = await openSession(browser(), options);
      opened.push(session);
      return session;
    },
    openConsentDialog: (page: Page) => openConsentDialog(page, baseUrl),
    consentTo: (session: Session, features: Feature[]) => consentTo(session, baseUrl, features),
    presetWithLocationDenied: (page: Page, preset: Preset) => presetWithLocationDenied(page, baseUrl, preset),
  };
}
