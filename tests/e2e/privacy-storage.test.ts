import { describe, expect, it } from "vitest";
import { skipConsentDialog, storeConsent } from "../support/consent";
import { gotoReady } from "../support/islands";
import { dialog, storageKeys, usePrivacySessions } from "../support/privacy-session";

/**
 * What the site keeps in the browser: consent and session data expire, a refused write is said
 * out loud, the location falls back to the IP lookup, and revoking or deleting clears the data.
 */
const { baseUrl, open, openConsentDialog, consentTo, presetWithLocationDenied } = usePrivacySessions();

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
    await openConsentDialog(page);
    expect(await page.getByText("Basic experience").count()).toBe(1);
    const keys = await storageKeys(page);
    expect(keys.local).not.toContain("gn:consent");
    expect(keys.session).not.toContain("gn:session");
    expect(session.apiCalls("/api/personalize")).toEqual([]);
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
    await openConsentDialog(page);
    await page.locator('[data-feature="personalization"]').click();
    await page.getByRole("button", { name: "Continue with Selected Features" }).click();
    await page.getByText("Failed to save preferences. Please try again.").waitFor();
    expect(await dialog(page).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Continue with Selected Features" }).isEnabled()).toBe(
      true,
    );
  });

  it("falls back to the IP lookup without GPS permission and never shows wrangler's placeholder place", async () => {
    const session = await open();
    const { page } = session;
    // No permission in this browser: the preset switches location off again.
    await presetWithLocationDenied(page, "Enable All Features");
    await page.evaluate(storeConsent, {
      features: { privacy: true, location: true, personalization: true, ai: true },
    });
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
    await gotoReady(page, `${baseUrl}/`);
    expect(await page.getByText("Basic experience").count()).toBe(1);
    expect(session.apiCalls("/api/personalize").length).toBe(before);
    // Four page loads and three storage round trips: about 7 s on an idle machine, more when CI is busy.
  }, 60_000);
});
