import type { VisitorLocation } from "../../../shared/schemas/location";
import { readJson } from "../../lib/browser-storage";
import { currentPosition, geolocationPermission, isMobileDevice } from "../../lib/geolocation";
import { hasConsent, readSessionData, updateSessionData } from "../consent";
import { locationAt, locationFromIp } from "./location-api";
import {
  type LocationPreferences,
  locationChanged,
  locationTimings,
  updateInterval,
  usesHighAccuracy,
} from "./location-rules";

/**
 * The browser's location service. It runs only with fresh location consent; the order of
 * methods is precise GPS (when the visitor allowed it) and then the worker's IP-based answer.
 * Results live in session storage: an IP location for 24 hours, a GPS one is reused for 30
 * minutes.
 */

type LocationUpdate =
  | { error: false; location: VisitorLocation; changed: boolean }
  | { error: true; message: string; count: number };

type Listener = (update: LocationUpdate) => void;

const allFailed = "All location detection methods failed";

const defaultPreferences: LocationPreferences = {
  autoLocationEnabled: true,
  gpsEnabled: true,
  updateFrequency: "normal",
  batteryOptimization: true,
};

class LocationService {
  private listeners = new Set<Listener>();
  private running: Promise<VisitorLocation | null> | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private consecutiveFailures = 0;
  private lastUpdate = 0;
  private batteryLevel: number | null = null;
  /** The browser's geolocation permission as last seen (null: unknown or unsupported). */
  private gpsPermission: PermissionState | null = null;
  /** Where the last reading came from: an IP answer keeps the IP interval even with GPS allowed. */
  private lastSource: VisitorLocation["source"] | null = null;
  private started = false;

  private preferences(): LocationPreferences {
    return {
      ...defaultPreferences,
      ...(readJson<Partial<LocationPreferences>>("local", "location-prefs") ?? {}),
    };
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
      mobile: isMobileDevice(),
      highAccuracy: usesHighAccuracy(prefs.gpsEnabled, this.gpsPermission, this.lastSource),
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
    if (this.running) return this.running;
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
        location = await locationAt((await currentPosition()).coords);
      } catch {
        // No reading or no answer: the IP lookup below still can.
      }
    }
    if (!location) {
      try {
        location = await locationFromIp();
      } catch {
        // Offline or the worker failed: counted as a failure below.
      }
    }
    this.lastUpdate = Date.now();
    if (!location) {
      this.consecutiveFailures++;
      this.emit({ error: true, message: allFailed, count: this.consecutiveFailures });
      return previous;
    }
    this.consecutiveFailures = 0;
    this.lastSource = location.source;
    const now = Date.now();
    updateSessionData((data) =>
      location.source === "gps"
        ? { ...data, highAccuracyLocation: location, highAccuracyLocationTimestamp: now }
        : { ...data, location, locationTimestamp: now },
    );
    this.emit({ error: false, location, changed: locationChanged(previous, location) });
    return location;
  }

  private emit(update: LocationUpdate) {
    for (const listener of this.listeners) listener(update);
  }

  /**
   * GPS only when the browser already has permission: the service itself never prompts. The
   * answer is remembered for the update interval.
   */
  private async gpsAllowed(): Promise<boolean> {
    this.gpsPermission = await geolocationPermission();
    return this.gpsPermission === "granted";
  }
}

export const locationService = new LocationService();
