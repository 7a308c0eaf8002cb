import { spawnSync } from "node:child_process";
import type { BrowserContext, BrowserContextOptions, Page, Request } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { skipConsentDialog } from "../support/consent";
import { useBrowser } from "../support/use-browser";

/**
 * The privacy promise in a real Chromium (issue 6, item 8): nothing personal is requested
 * without consent, consent turns the greeting on, and revoking or deleting clears the data.
 */
const baseUrl = inject("baseUrl");
const browser = useBrowser();

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

interface Session {
  context: BrowserContext;
  page: Page;
  requests: Request[];
  problems: string[];
  apiCalls: (path: string) => string[];
}

async function open(options: BrowserContextOptions = {}): Promise<Session> {
  const context = await browser().newContext({ viewport: { width: 1280, height: 900 }, ...options });
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

/**
 * Reads the local D1 the test server writes (tests/e2e/global-setup.ts persists to
 * .wrangler/e2e-state). Beacons sent while a page unloads never show up in Playwright's
 * request events, so what they delivered is checked where it lands.
 */
function d1<T>(sql: string): T[] {
  const result = spawnSync(
    "npx",
    [
      "--no-install",
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      ".wrangler/e2e-state",
      "--config",
      "dist/gilded_needle/wrangler.json",
      "--json",
      "--command",
      sql,
    ],
    { encoding: "utf8", env: { ...process.env, WRANGLER_SEND_METRICS: "false" } },
  );
  const parsed = JSON.parse(result.stdout.slice(result.stdout.indexOf("["))) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}

const tabSession = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("gn:sid") ?? "null") as string);
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;

const dialog = (page: Page) => page.getByRole("dialog", { name: "Your Privacy, Your Choice" });
const storageKeys = (page: Page) =>
  page.evaluate(() => ({
    local: Object.keys(localStorage).filter((k) => k.startsWith("gn:")),
    session: Object.keys(sessionStorage).filter((k) => k.startsWith("gn:")),
  }));

/** Opens the home page, waits for the dialog and saves the given features. */
async function consentTo(session: Session, features: ("location" | "personalization" | "ai")[]) {
  const { page } = session;
  await page.goto(`${baseUrl}/`);
  await dialog(page).waitFor({ state: "visible" });
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

describe("without consent", () => {
  it("opens the dialog after about a second and sends nothing personal, with no location prompt", async () => {
    const session = await open();
    const { page } = session;
    const loaded = Date.now();
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    expect(Date.now() - loaded).toBeGreaterThanOrEqual(900);
    expect(
      await page.getByText("Welcome to the studio! Let's create something meaningful together.").count(),
    ).toBe(1);
    expect(await page.getByText("Basic experience").count()).toBe(1);
    // The idea generator stays locked without the ai consent.
    expect(await page.locator(".ideas textarea").count()).toBe(0);

    await page.keyboard.press("Escape");
    await page.getByText("Essential features only enabled").waitFor();
    await expect.poll(() => dialog(page).isVisible()).toBe(false);
    await page.goto(`${baseUrl}/gallery`, { waitUntil: "networkidle" });
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);

    expect(session.apiCalls("/api/personalize")).toEqual([]);
    expect(session.apiCalls("/api/location")).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls)).toBe(0);
    expect(await storageKeys(page)).toMatchObject({ session: expect.not.arrayContaining(["gn:session"]) });
    expect(session.problems).toEqual([]);
    await session.context.close();
  });

  it("keeps focus inside the dialog, and X saves essential only and shows the badge 3 s later", async () => {
    const session = await open();
    const { page } = session;
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    for (let i = 0; i < 14; i++) {
      await page.keyboard.press(i % 4 === 3 ? "Shift+Tab" : "Tab");
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest("dialog")))).toBe(true);
    }
    // The privacy switch cannot be turned off.
    expect(await page.locator('[data-feature="privacy"]').isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Close and keep essential features only" }).click();
    await page.getByText("Essential features only enabled").waitFor();
    const saved = Date.now();
    const badge = page.getByRole("button", { name: "Privacy choices: Essential only" });
    await badge.waitFor({ timeout: 6000 });
    expect(Date.now() - saved).toBeGreaterThanOrEqual(2500);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("gn:consent") ?? "null"));
    expect(stored).toMatchObject({
      granted: true,
      version: "1.0",
      features: { privacy: true, location: false, personalization: false, ai: false },
    });
    // The badge reopens the dialog with the stored choice.
    await badge.click();
    await dialog(page).waitFor({ state: "visible" });
    expect(await page.locator('[data-feature="personalization"]').getAttribute("aria-checked")).toBe("false");
    await session.context.close();
  });

  it("switches location off with a notice when a preset's permission request is denied", async () => {
    const session = await open();
    const { page } = session;
    // Headless Chromium answers a geolocation prompt nobody grants with a denial (code 1).
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Recommended Settings" }).click();
    await page.getByText("Location disabled due to permission denial").waitFor();
    expect(await page.locator('[data-feature="location"]').getAttribute("aria-checked")).toBe("false");
    expect(await page.locator('[data-feature="personalization"]').getAttribute("aria-checked")).toBe("true");
    expect(await page.locator('[data-feature="ai"]').getAttribute("aria-checked")).toBe("false");
    // Notices disappear after 3 s.
    await expect
      .poll(() => page.getByText("Location disabled due to permission denial").count(), { timeout: 5000 })
      .toBe(0);
    expect(session.apiCalls("/api/location")).toEqual([]);
    await session.context.close();
  });
});

describe("with consent", () => {
  it("shows the personal greeting after 'Continue with Selected Features' and reloads", async () => {
    const session = await open();
    const { page } = session;
    await consentTo(session, ["personalization"]);
    const greeting = page.getByTestId("personal-greeting");
    await greeting.waitFor();
    expect(await greeting.textContent()).toMatch(/(morning|afternoon|evening|Hello)/i);
    expect(await page.getByText("Personalized experience active - Session only").count()).toBe(1);
    await expect.poll(() => session.apiCalls("/api/personalize").length).toBeGreaterThan(0);
    // Location was not allowed: no lookup, no prompt, no location line.
    expect(session.apiCalls("/api/location")).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __geoCalls: number }).__geoCalls)).toBe(0);
    await page
      .getByRole("button", { name: "Privacy choices: 2/4 features enabled" })
      .waitFor({ timeout: 6000 });
    // The session data is kept (visited pages), in session storage only.
    const data = await page.evaluate(() => JSON.parse(sessionStorage.getItem("gn:session") ?? "null"));
    expect(data.visitedPages.at(-1).page).toBe("/");
    // Refresh re-runs the flow.
    const before = session.apiCalls("/api/personalize").length;
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("button", { name: "Refresh" }).waitFor();
    expect(session.problems).toEqual([]);
    expect(session.apiCalls("/api/personalize").length).toBeGreaterThanOrEqual(before);
    await session.context.close();
  });

  it("uses the granted GPS position for the location line, through /api/location/precise", async () => {
    const session = await open({
      permissions: ["geolocation"],
      geolocation: { latitude: 39.035, longitude: -76.907, accuracy: 40 },
    });
    const { page } = session;
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    await page.locator('[data-feature="location"]').click();
    await page.getByText("Location access granted!").waitFor();
    await page.locator('[data-feature="personalization"]').click();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Continue with Selected Features" }).click();
    await reloaded;
    const line = page.locator(".greeting__location");
    await line.waitFor();
    expect(await line.textContent()).toMatch(
      /^Beltsville, US · within 40m · 5(\.\d)? miles from the studio · this /,
    );
    expect(await page.getByTestId("personal-greeting").textContent()).toContain("Beltsville");
    expect(session.apiCalls("/api/location/precise").length).toBeGreaterThan(0);
    await session.context.close();
  });

  it("carries a generated idea into the consultation form with one click", async () => {
    const session = await open();
    const { page } = session;
    await consentTo(session, ["ai"]);
    await page
      .getByLabel("Describe the idea, memory or feeling you want to wear")
      .fill("a koi fish for my dad");
    await page.getByRole("button", { name: "Generate ideas" }).click();
    const first = page.locator(".ideas__item").first();
    await first.waitFor();
    const idea = (await first.locator("p").textContent()) ?? "";
    expect(idea).toContain("a koi fish for my dad");
    await first.getByRole("link", { name: "Book a consultation with this idea" }).click();
    await page.waitForURL(/\/book-consultation\?idea=/);
    expect(new URL(page.url()).searchParams.get("idea")).toBe(idea);
    const sid = await tabSession(page);
    await expect
      .poll(
        () =>
          d1<{ type: string }>(`SELECT type FROM site_events WHERE session_id = ${sqlText(sid)}`).map(
            (r) => r.type,
          ),
        {
          timeout: 15_000,
          interval: 1000,
        },
      )
      .toEqual(expect.arrayContaining(["AI Feature Used", "Consultation Requested"]));
    await session.context.close();
  }, 90_000);
});

describe("expiry, storage failure and the IP fallback", () => {
  it("forgets a consent older than 30 days and session data older than 24 hours", async () => {
    const session = await open();
    const { page, context } = session;
    await context.addInitScript(() => {
      if (sessionStorage.getItem("gn:seeded")) return;
      sessionStorage.setItem("gn:seeded", "1");
      const day = 24 * 60 * 60 * 1000;
      localStorage.setItem(
        "gn:consent",
        JSON.stringify({
          granted: true,
          timestamp: Date.now() - 31 * day,
          version: "1.0",
          features: { privacy: true, location: false, personalization: true, ai: false },
        }),
      );
      sessionStorage.setItem(
        "gn:session",
        JSON.stringify({
          interests: ["koi"],
          visitedPages: [],
          generatedIdeas: [],
          timestamp: Date.now() - 2 * day,
        }),
      );
    });
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    expect(await page.getByText("Basic experience").count()).toBe(1);
    const keys = await storageKeys(page);
    expect(keys.local).not.toContain("gn:consent");
    expect(keys.session).not.toContain("gn:session");
    expect(session.apiCalls("/api/personalize")).toEqual([]);
    await context.close();
  });

  it("says so when the browser refuses to store the choice", async () => {
    const session = await open();
    const { page, context } = session;
    await context.addInitScript(() => {
      const original = Storage.prototype.setItem;
      Storage.prototype.setItem = function (key: string, value: string) {
        if (key === "gn:consent") throw new DOMException("quota", "QuotaExceededError");
        return original.call(this, key, value);
      };
    });
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    await page.locator('[data-feature="personalization"]').click();
    await page.getByRole("button", { name: "Continue with Selected Features" }).click();
    await page.getByText("Failed to save preferences. Please try again.").waitFor();
    expect(await dialog(page).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Continue with Selected Features" }).isEnabled()).toBe(
      true,
    );
    await context.close();
  });

  it("falls back to the IP lookup without GPS permission and never shows wrangler's placeholder place", async () => {
    const session = await open();
    const { page } = session;
    await page.goto(`${baseUrl}/`);
    await dialog(page).waitFor({ state: "visible" });
    await page.getByRole("button", { name: "Enable All Features" }).click();
    // No permission in this browser: the preset switches location off again.
    await page.getByText("Location disabled due to permission denial").waitFor();
    await page.evaluate(() =>
      localStorage.setItem(
        "gn:consent",
        JSON.stringify({
          granted: true,
          timestamp: Date.now(),
          version: "1.0",
          features: { privacy: true, location: true, personalization: true, ai: true },
        }),
      ),
    );
    await page.reload();
    await page.getByTestId("personal-greeting").waitFor();
    await expect.poll(() => session.apiCalls("/api/location").length).toBeGreaterThan(0);
    expect(session.apiCalls("/api/location/precise")).toEqual([]);
    // wrangler dev's offline geodata (Austin, Texas) is answered as Unknown: no location line.
    expect(await page.locator(".greeting__location").count()).toBe(0);
    expect(await page.locator("main").textContent()).not.toContain("Austin");

    // Offline, the service answers from its cache; it resumes when the browser is back online.
    const before = session.apiCalls("/api/location").length;
    await session.context.setOffline(true);
    await page.getByRole("button", { name: "Refresh" }).click();
    await page.getByRole("button", { name: "Refresh" }).waitFor();
    expect(session.apiCalls("/api/location").length).toBe(before);
    await session.context.setOffline(false);
    await session.context.close();
  });

  it("keeps a log entry locally when sending it fails", async () => {
    const session = await open();
    const { page, context } = session;
    await skipConsentDialog(context);
    await context.route("**/api/logs", (route) => route.abort());
    await page.goto(`${baseUrl}/contact`, { waitUntil: "networkidle" });
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("offline-boom");
      });
    });
    await expect
      .poll(() =>
        page.evaluate(() =>
          (JSON.parse(localStorage.getItem("gn:logs") ?? "[]") as { message: string }[]).map(
            (e) => e.message,
          ),
        ),
      )
      .toEqual(["Uncaught Error: offline-boom"]);
    await context.close();
  });
});

describe("revoking and deleting", () => {
  it("withdrawing consent clears the session data; delete my data removes every key; export downloads JSON", async () => {
    const session = await open();
    const { page } = session;
    await consentTo(session, ["personalization"]);
    await page.getByTestId("personal-greeting").waitFor();
    await page.goto(`${baseUrl}/privacy-policy`);
    await page.getByRole("button", { name: "Export my data" }).waitFor();
    expect((await storageKeys(page)).session).toContain("gn:session");

    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("gilded-needle-my-data.json");
    const exported = JSON.parse(
      await (await file.createReadStream()).toArray().then((c) => Buffer.concat(c).toString()),
    );
    expect(Object.keys(exported.localStorage)).toContain("gn:consent");
    expect(Object.keys(exported.sessionStorage)).toContain("gn:session");

    await page.getByRole("button", { name: "Withdraw consent" }).click();
    await page.getByText("Consent withdrawn. Your session data has been cleared.").waitFor();
    const afterRevoke = await storageKeys(page);
    expect(afterRevoke.session).not.toContain("gn:session");
    expect(afterRevoke.local).not.toContain("gn:consent");

    await page.getByRole("button", { name: "Delete my data" }).click();
    await page.getByText("All data this site kept in your browser has been deleted.").waitFor();
    expect(await storageKeys(page)).toEqual({ local: [], session: [] });

    // Back home: the basic welcome again, and no personal request.
    const before = session.apiCalls("/api/personalize").length;
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    expect(await page.getByText("Basic experience").count()).toBe(1);
    expect(session.apiCalls("/api/personalize").length).toBe(before);
    await session.context.close();
  });
});

describe("the site's own measurements", () => {
  it("assigns the home CTA variant for 14 days and sends the exposure and conversion", async () => {
    const session = await open();
    const { page } = session;
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    await page.keyboard.press("Escape");
    const stored = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("gn:ab:homepage_cta_primary") ?? "null"),
    );
    expect(["control", "gold-journey"]).toContain(stored.variant);
    expect(stored.testName).toBe("homepage_cta_primary");
    expect(await page.locator(".home-cta").getAttribute("data-variant")).toBe(stored.variant);
    await page.locator(".home-cta a").click();
    await page.waitForURL(`${baseUrl}/book-consultation`);
    const sid = await tabSession(page);
    await expect
      .poll(
        () =>
          d1<{ type: string; experiment: string; variant: string }>(
            `SELECT type, experiment, variant FROM site_events WHERE session_id = ${sqlText(sid)} AND type LIKE 'ab_%' ORDER BY type`,
          ),
        { timeout: 40_000, interval: 1000 },
      )
      .toEqual([
        { type: "ab_conversion", experiment: "homepage_cta_primary", variant: stored.variant },
        { type: "ab_exposure", experiment: "homepage_cta_primary", variant: stored.variant },
      ]);
    const conversions = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("gn:ab-conversions") ?? "[]"),
    );
    expect(conversions).toHaveLength(1);
    // The same variant on the next visit.
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    expect(await page.locator(".home-cta").getAttribute("data-variant")).toBe(stored.variant);
    await session.context.close();
  }, 90_000);

  it("shows the control when storage refuses writes", async () => {
    const session = await open();
    await session.context.addInitScript(() => {
      Storage.prototype.setItem = () => {
        throw new DOMException("quota", "QuotaExceededError");
      };
    });
    const { page } = session;
    await page.goto(`${baseUrl}/`, { waitUntil: "networkidle" });
    expect(await page.locator(".home-cta").getAttribute("data-variant")).toBe("control");
    await session.context.close();
  });

  it("sends web-vitals by beacon when the page hides, registers /sw.js and keeps /aftercare readable offline", async () => {
    const session = await open();
    const { page, context } = session;
    await skipConsentDialog(context);
    await page.goto(`${baseUrl}/aftercare`, { waitUntil: "networkidle" });
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return ready.active?.scriptURL ?? null;
    });
    expect(registration).toBe(`${baseUrl}/sw.js`);
    // Leaving the page hides it: the queued metrics (at least TTFB and FCP) go out by beacon.
    const sid = await page.evaluate(() => sessionStorage.getItem("gn:sid"));
    await page.goto(`${baseUrl}/gallery`, { waitUntil: "networkidle" });
    expect(sid).toBeTruthy();
    await expect
      .poll(
        () =>
          d1<{ name: string; path: string }>(
            `SELECT name, path FROM web_vital_reports WHERE session_id = ${sqlText(JSON.parse(sid ?? "null"))}`,
          ).map((r) => `${r.path} ${r.name}`),
        { timeout: 40_000, interval: 1000 },
      )
      .toEqual(expect.arrayContaining(["/aftercare TTFB", "/aftercare FCP"]));

    // The service worker cached the guide at install: it still reads offline.
    await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      for (let i = 0; i < 50; i++) {
        const cache = await caches.open("gn-offline-v1");
        if (await cache.match("/aftercare")) return ready;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return ready;
    });
    await context.setOffline(true);
    await page.goto(`${baseUrl}/aftercare`);
    expect(await page.locator("h1").textContent()).toBe("Aftercare guide");
    await context.setOffline(false);
    await context.close();
  }, 90_000);

  it("logs an uncaught script error to POST /api/logs without the query string", async () => {
    const session = await open();
    const { page } = session;
    await page.goto(`${baseUrl}/contact?utm_source=test`, { waitUntil: "networkidle" });
    const marker = `e2e-boom-${Date.now()}`;
    await page.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, marker);
    await expect
      .poll(
        () =>
          d1<{ level: string; path: string; message: string }>(
            `SELECT level, path, message FROM client_logs WHERE message LIKE ${sqlText(`%${marker}%`)}`,
          ),
        { timeout: 40_000, interval: 1000 },
      )
      .toEqual([{ level: "error", path: "/contact", message: `Uncaught Error: ${marker}` }]);
    await session.context.close();
  }, 90_000);
});
