import type { VisitorLocation } from "../../../shared/schemas/location";
import { hasConsent, readSessionData, updateSessionData } from "../consent/consent-store";
import { readJson, writeJson } from "../consent/storage";
import { locationMessages, messageForGeolocationError } from "./location-messages";

/**
 * The browser's location service (shell-and-admin.md 4, 8, 9). It runs only with fresh location
 * consent; the order of methods is precise GPS (when the visitor allowed it) and then the
 * worker's IP-based answer. Results live in session storage: an IP location for 24 hours, a
 * GPS one is reused for 30 minutes.
 */

export interface LocationPreferences {
  autoLocationEnabled: boolean;
  gpsEnabled: boolean;
  updateFrequency: "normal" | "reduced" | "disabled";
  batteryOptimization: boolean;
}

export type LocationUpdate =
  | { error: false; location: VisitorLocation; changed: boolean }
  | { error: true; message: string; count: number };

type Listener = (update: LocationUpdate) => void;

const minute = 60_000;
export const locationTimings = {
  desktop: {
    interval: 10 * minute,
    highAccuracyInterval: 20 * minute,
    gpsTimeout: 8000,
    maximumAge: 10 * minute,
  },
  mobile: {
    interval: 15 * minute,
    highAccuracyInterval: 30 * minute,
    gpsTimeout: 12_000,
    maximumAge: 15 * minute,
  },
  cachedLocationMaxAge: 24 * 60 * minute,
  highAccuracyReuse: 30 * minute,
  resumeAfterOnline: 1000,
} as const;

const defaultPreferences: LocationPreferences = {
  autoLocationEnabled: true,
  gpsEnabled: true,
  updateFrequency: "normal",
  batteryOptimization: true,
};

const isMobile = () =>
  typeof navigator !== "undefined" &&
  ((navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile ??
    /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent));

/** A location counts as changed only if the city or the region differs (shell-and-admin.md 5). */
export function locationChanged(
  previous: VisitorLocation | null | undefined,
  next: VisitorLocation,
): boolean {
  return !previous || previous.city !== next.city || previous.region !== next.region;
}

/**
 * Whether updates are precise GPS ones, which run on the longer high-accuracy interval: only when
 * the visitor's GPS preference is on and the browser has actually granted geolocation. Otherwise
 * (permission not granted, prompt pending, GPS switched off) updates are IP lookups on the normal
 * interval (shell-and-admin.md 4, 9).
 */
export function usesHighAccuracy(gpsEnabled: boolean, permission: PermissionState | null): boolean {
  return gpsEnabled && permission === "granted";
}

/**
 * The update interval: 10 min desktop / 15 min mobile (20 / 30 for high accuracy), doubled
 * after more than 3 consecutive failures, on mobile ×3 under 20 % battery and ×1.5 under 50 %,
 * doubled again at reduced frequency.
 */
export function updateInterval(options: {
  mobile: boolean;
  highAccuracy: boolean;
  failures: number;
  batteryLevel: number | null;
  frequency: LocationPreferences["updateFrequency"];
}): number {
  const timing = options.mobile ? locationTimings.mobile : locationTimings.desktop;
  let interval = options.highAccuracy ? timing.highAccuracyInterval : timing.interval;
  if (options.failures > 3) interval *= 2;
  if (options.mobile && options.batteryLevel !== null) {
    if (options.batteryLevel < 0.2) interval *= 3;
    else if (options.batteryLevel < 0.5) interval *= 1.5;
  }
  if (options.frequency === "reduced") interval *= 2;
  return interval;
}

export class LocationService {
  private listeners = new Set<Listener>();
  private running: Promise<VisitorLocation | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private consecutiveFailures = 0;
  private errorCounts: Record<string, number> = {};
  private lastUpdate = 0;
  private batteryLevel: number | null = null;
  /** The browser's geolocation permission as last seen (null: unknown or unsupported). */
  private gpsPermission: PermissionState | null = null;
  private started = false;
  private stats = { updates: 0, gps: 0, ip: 0, failures: 0, skipped: 0 };

  preferences(): LocationPreferences {
    return {
      ...defaultPreferences,
      ...(readJson<Partial<LocationPreferences>>("local", "location-prefs") ?? {}),
    };
  }

  setPreferences(change: Partial<LocationPreferences>): void {
    writeJson("local", "location-prefs", { ...this.preferences(), ...change });
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The cached location if it is younger than 24 hours (GPS: 30 minutes). */
  cached(now = Date.now()): VisitorLocation | null {
    const session = readSessionData(now);
    if (
      session.highAccuracyLocation &&
      session.highAccuracyLocationTimestamp &&
      now - session.highAccuracyLocationTimestamp < locationTimings.highAccuracyReuse
    ) {
      return session.highAccuracyLocation as VisitorLocation;
    }
    if (
      session.location &&
      session.locationTimestamp &&
      now - session.locationTimestamp < locationTimings.cachedLocationMaxAge
    ) {
      return session.location as VisitorLocation;
    }
    return null;
  }

  /** Starts periodic updates and the online / visibility handlers. Needs location consent. */
  start(): void {
    if (this.started || typeof window === "undefined" || !hasConsent("location")) return;
    this.started = true;
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
    const battery = (navigator as Navigator & { getBattery?: () => Promise<{ level: number }> }).getBattery;
    battery
      ?.call(navigator)
      .then((b) => {
        this.batteryLevel = b.level;
      })
      .catch(() => {});
    this.schedule();
    // The interval depends on the permission, which is only known asynchronously.
    void this.gpsAllowed().then(() => this.schedule());
  }

  stop(): void {
    this.started = false;
    clearTimeout(this.timer);
    if (typeof window === "undefined") return;
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisible);
  }

  private interval(): number {
    const prefs = this.preferences();
    return updateInterval({
      mobile: isMobile(),
      highAccuracy: usesHighAccuracy(prefs.gpsEnabled, this.gpsPermission),
      failures: this.consecutiveFailures,
      batteryLevel: prefs.batteryOptimization ? this.batteryLevel : null,
      frequency: prefs.updateFrequency,
    });
  }

  private schedule(): void {
    clearTimeout(this.timer);
    const prefs = this.preferences();
    if (!this.started || !prefs.autoLocationEnabled || prefs.updateFrequency === "disabled") return;
    this.timer = setTimeout(() => {
      void this.update().finally(() => this.schedule());
    }, this.interval());
  }

  private onOnline = () => {
    setTimeout(() => void this.update(), locationTimings.resumeAfterOnline);
  };

  private onVisible = () => {
    if (document.visibilityState === "visible" && Date.now() - this.lastUpdate >= this.interval()) {
      void this.update();
    }
  };

  /** Runs one update (or joins the one already running). Resolves to null without consent. */
  update(options: { force?: boolean } = {}): Promise<VisitorLocation | null> {
    if (!hasConsent("location")) return Promise.resolve(null);
    if (this.running) {
      this.stats.skipped++;
      return this.running;
    }
    if (typeof navigator !== "undefined" && navigator.onLine === false) return Promise.resolve(this.cached());
    if (!options.force) {
      const fresh = this.cached();
      if (fresh && Date.now() - this.lastUpdate < this.interval()) return Promise.resolve(fresh);
    }
    this.running = this.detect().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async detect(): Promise<VisitorLocation | null> {
    const previous = this.cached();
    const prefs = this.preferences();
    let location: VisitorLocation | null = null;
    if (prefs.gpsEnabled && (await this.gpsAllowed())) {
      try {
        location = await this.fromGps();
        this.stats.gps++;
      } catch (error) {
        const code = (error as GeolocationPositionError).code;
        this.count(`gps:${code ?? "unknown"}`);
      }
    }
    if (!location) {
      try {
        location = await this.fromIp();
        this.stats.ip++;
      } catch (error) {
        this.count(`ip:${(error as Error).name || "Error"}`);
      }
    }
    this.lastUpdate = Date.now();
    this.stats.updates++;
    if (!location) {
      this.consecutiveFailures++;
      this.stats.failures++;
      this.emit({ error: true, message: locationMessages.allFailed, count: this.consecutiveFailures });
      return previous;
    }
    this.consecutiveFailures = 0;
    const now = Date.now();
    updateSessionData((data) =>
      location.source === "gps"
        ? { ...data, highAccuracyLocation: location, highAccuracyLocationTimestamp: now }
        : { ...data, location, locationTimestamp: now },
    );
    this.emit({ error: false, location, changed: locationChanged(previous, location) });
    return location;
  }

  private count(key: string) {
    this.errorCounts[key] = (this.errorCounts[key] ?? 0) + 1;
  }

  private emit(update: LocationUpdate) {
    for (const listener of this.listeners) listener(update);
  }

  /**
   * GPS only when the browser already has permission: the service itself never prompts. The
   * answer is remembered for the update interval.
   */
  private async gpsAllowed(): Promise<boolean> {
    if (typeof navigator === "undefined" || !("geolocation" in navigator) || !navigator.permissions) {
      this.gpsPermission = null;
      return false;
    }
    try {
      const status = await navigator.permissions.query({ name: "geolocation" });
      this.gpsPermission = status.state;
    } catch {
      this.gpsPermission = null;
    }
    return this.gpsPermission === "granted";
  }

  private fromGps(): Promise<VisitorLocation> {
    const timing = isMobile() ? locationTimings.mobile : locationTimings.desktop;
    return new Promise((resolve, reject) => {
      navigator.geolocation.getCurrentPosition(
        (position) => {
          fetch("/api/location/precise", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({
              latitude: position.coords.latitude,
              longitude: position.coords.longitude,
              accuracy: position.coords.accuracy,
            }),
          })
            .then(async (response) => {
              if (!response.ok) throw new Error(`API request failed: ${response.status}`);
              resolve((await response.json()) as VisitorLocation);
            })
            .catch(reject);
        },
        reject,
        { enableHighAccuracy: false, timeout: timing.gpsTimeout, maximumAge: timing.maximumAge },
      );
    });
  }

  private async fromIp(): Promise<VisitorLocation> {
    const response = await fetch("/api/location", {
      headers: { "Cache-Control": "no-cache" },
      cache: "no-store",
    });
    if (!response.ok) throw new Error(`API request failed: ${response.status}`);
    return (await response.json()) as VisitorLocation;
  }

  /** Figures for the admin system test page (shell-and-admin.md 2.14). */
  getStats() {
    return {
      ...this.stats,
      consecutiveFailures: this.consecutiveFailures,
      errors: { ...this.errorCounts },
      lastUpdate: this.lastUpdate || null,
      running: this.running !== null,
    };
  }
}

export const locationService = new LocationService();

/**
 * Asks the browser for location permission (the consent dialog's location toggle). Resolves
 * with the message to show and whether permission was granted.
 */
export async function requestLocationPermission(): Promise<{ granted: boolean; message: string }> {
  if (typeof navigator === "undefined" || !("geolocation" in navigator)) {
    return { granted: false, message: locationMessages.unsupported };
  }
  try {
    const status = await navigator.permissions?.query({ name: "geolocation" });
    if (status?.state === "denied") return { granted: false, message: locationMessages.previouslyDenied };
  } catch {}
  const timing = isMobile() ? locationTimings.mobile : locationTimings.desktop;
  try {
    await new Promise<GeolocationPosition>((resolve, reject) =>
      navigator.geolocation.getCurrentPosition(resolve, reject, {
        enableHighAccuracy: false,
        timeout: timing.gpsTimeout,
        maximumAge: timing.maximumAge,
      }),
    );
    return { granted: true, message: locationMessages.granted };
  } catch (error) {
    const code = (error as GeolocationPositionError | undefined)?.code;
    if (typeof code === "number") return { granted: false, message: messageForGeolocationError(code) };
    return { granted: false, message: locationMessages.requestFailed };
  }
}
