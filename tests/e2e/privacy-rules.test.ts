import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { VisitorLocation } from "../../shared/schemas/location";
import { badgeText } from "../../site/features/consent/badge-text";
import { type SessionData, trimSession } from "../../site/features/consent/consent-store";
import { assignVariant } from "../../site/features/experiments/ab-test";
import {
  locationChanged,
  locationTimings,
  updateInterval,
  usesHighAccuracy,
} from "../../site/features/location/location-rules";

/**
 * The product's numbers for the browser features (consent, location, personalization), checked as plain
 * functions in Node; the same code runs in Chromium in the privacy-*.test.ts files.
 */

class MemoryStorage {
  private data = new Map<string, string>();
  refuse = false;
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.refuse) throw new Error("QuotaExceededError");
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

let local: MemoryStorage;
beforeEach(() => {
  local = new MemoryStorage();
  (globalThis as { window?: unknown }).window = { localStorage: local, sessionStorage: new MemoryStorage() };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

describe("location update interval", () => {
  const base = {
    mobile: false,
    highAccuracy: false,
    failures: 0,
    batteryLevel: null,
    frequency: "normal",
  } as const;
  const minutes = (ms: number) => ms / 60_000;

  it("is 10 min on desktop, 15 on mobile; 20 and 30 for high accuracy", () => {
    expect(minutes(updateInterval(base))).toBe(10);
    expect(minutes(updateInterval({ ...base, mobile: true }))).toBe(15);
    expect(minutes(updateInterval({ ...base, highAccuracy: true }))).toBe(20);
    expect(minutes(updateInterval({ ...base, mobile: true, highAccuracy: true }))).toBe(30);
  });

  it("uses the high-accuracy interval only for GPS updates the browser has permitted", () => {
    expect(usesHighAccuracy(true, "granted")).toBe(true);
    // GPS is on by default, but without permission the updates are IP lookups on the normal interval.
    expect(usesHighAccuracy(true, "prompt")).toBe(false);
    expect(usesHighAccuracy(true, "denied")).toBe(false);
    expect(usesHighAccuracy(true, null)).toBe(false);
    expect(usesHighAccuracy(false, "granted")).toBe(false);
  });

  it("refreshes an IP location every 10 minutes on a desktop even when GPS is allowed", () => {
    // GPS allowed but the last reading came from the IP lookup (no fix, or it timed out).
    const highAccuracy = usesHighAccuracy(true, "granted", "ip");
    expect(highAccuracy).toBe(false);
    expect(minutes(updateInterval({ ...base, highAccuracy }))).toBe(10);
    expect(minutes(updateInterval({ ...base, highAccuracy: usesHighAccuracy(true, "granted", "gps") }))).toBe(
      20,
    );
  });

  it("doubles after more than 3 consecutive failures and at reduced frequency", () => {
    expect(minutes(updateInterval({ ...base, failures: 3 }))).toBe(10);
    expect(minutes(updateInterval({ ...base, failures: 4 }))).toBe(20);
    expect(minutes(updateInterval({ ...base, frequency: "reduced" }))).toBe(20);
    expect(minutes(updateInterval({ ...base, failures: 4, frequency: "reduced" }))).toBe(40);
  });

  it("on mobile multiplies by 3 under 20 % battery and by 1.5 under 50 %; desktop ignores battery", () => {
    expect(minutes(updateInterval({ ...base, mobile: true, batteryLevel: 0.1 }))).toBe(45);
    expect(minutes(updateInterval({ ...base, mobile: true, batteryLevel: 0.4 }))).toBe(22.5);
    expect(minutes(updateInterval({ ...base, mobile: true, batteryLevel: 0.8 }))).toBe(15);
    expect(minutes(updateInterval({ ...base, batteryLevel: 0.1 }))).toBe(10);
  });

  it("uses the intended GPS options per device class", () => {
    expect(locationTimings.desktop).toMatchObject({ gpsTimeout: 8000, maximumAge: 600_000 });
    expect(locationTimings.mobile).toMatchObject({ gpsTimeout: 12_000, maximumAge: 900_000 });
    expect(locationTimings.resumeAfterOnline).toBe(1000);
  });
});

describe("location change rule", () => {
  const at = (city: string, region: string, latitude = 39): VisitorLocation => ({
    city,
    region,
    country: "US",
    source: "ip",
    accuracy: null,
    coordinates: { latitude, longitude: -76.9 },
    distance_from_business: 1,
    timezone: null,
    responseTime: 1,
  });
  it("counts a change only when the city or the region differs", () => {
    expect(locationChanged(null, at("Laurel", "Maryland"))).toBe(true);
    expect(locationChanged(at("Laurel", "Maryland"), at("Laurel", "Maryland", 39.01))).toBe(false);
    expect(locationChanged(at("Laurel", "Maryland"), at("Bowie", "Maryland"))).toBe(true);
    expect(locationChanged(at("Laurel", "Maryland"), at("Laurel", "Delaware"))).toBe(true);
  });
});

describe("session data trims", () => {
  it("keeps the last 10 unique interests, 20 visited pages and 5 ideas", () => {
    const data: SessionData = {
      interests: ["a", "b", ...Array.from({ length: 12 }, (_, i) => `s${i}`), "a"],
      visitedPages: Array.from({ length: 25 }, (_, i) => ({ page: `/p${i}`, timestamp: i })),
      generatedIdeas: Array.from({ length: 7 }, (_, i) => ({ idea: `i${i}`, userPrompt: "p", timestamp: i })),
      timestamp: 0,
    };
    const trimmed = trimSession(data);
    expect(trimmed.interests).toHaveLength(10);
    expect(trimmed.interests.at(-1)).toBe("a");
    expect(new Set(trimmed.interests).size).toBe(10);
    expect(trimmed.visitedPages.map((p) => p.page)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/p${i + 5}`),
    );
    expect(trimmed.generatedIdeas.map((i) => i.idea)).toEqual(["i2", "i3", "i4", "i5", "i6"]);
  });
});

describe("consent badge", () => {
  it("reads 'Essential only', 'N/4 features enabled' or 'All features enabled'", () => {
    const flags = (location: boolean, personalization: boolean, ai: boolean) => ({
      privacy: true,
      location,
      personalization,
      ai,
    });
    expect(badgeText(flags(false, false, false))).toBe("Essential only");
    expect(badgeText(flags(false, true, false))).toBe("2/4 features enabled");
    expect(badgeText(flags(true, true, false))).toBe("3/4 features enabled");
    expect(badgeText(flags(true, true, true))).toBe("All features enabled");
  });
});

describe("homepage_cta_primary assignment", () => {
  const day = 24 * 60 * 60 * 1000;

  it("splits 50/50 and keeps the variant for 14 days, then assigns again", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(assignVariant(now, () => 0.7)).toBe("gold-journey");
    expect(assignVariant(now + 13 * day, () => 0.1)).toBe("gold-journey");
    expect(assignVariant(now + 14 * day, () => 0.1)).toBe("control");
    expect(JSON.parse(local.getItem("gn:ab:homepage_cta_primary") ?? "{}")).toMatchObject({
      variant: "control",
      testName: "homepage_cta_primary",
      timestamp: now + 14 * day,
    });
  });

  it("uses the control when storage refuses the assignment", () => {
    local.refuse = true;
    for (let i = 0; i < 5; i++) expect(assignVariant(Date.now(), () => 0.9)).toBe("control");
  });
});
