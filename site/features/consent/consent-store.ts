import {
  readJson,
  removeAllStoredData,
  removeKey,
  storagePrefix,
  writeJson,
} from "../../lib/browser-storage";

/**
 * The visitor's consent: nothing personal happens without it, it expires after 30 days, and
 * everything personal lives in session storage for at most 24 hours. Revoking clears the
 * session data at once.
 */

const consentVersion = "1.0";
const consentMaxAgeMs = 30 * 24 * 60 * 60 * 1000;
const sessionMaxAgeMs = 24 * 60 * 60 * 1000;

const consentFeatures = ["privacy", "location", "personalization", "ai"] as const;
export type ConsentFeature = (typeof consentFeatures)[number];
export type FeatureFlags = Record<ConsentFeature, boolean>;

export interface ConsentRecord {
  granted: boolean;
  timestamp: number;
  version: string;
  features: FeatureFlags;
}

export const essentialOnly: FeatureFlags = {
  privacy: true,
  location: false,
  personalization: false,
  ai: false,
};

const consentKey = "consent";
const sessionKey = "session";
const changeEvent = "gn:consent-change";

function notify() {
  cachedConsent = undefined;
  window.dispatchEvent(new Event(changeEvent));
}

let cachedConsent: ConsentRecord | null | undefined;

/** The stored consent if it is granted and younger than 30 days; an expired one is removed. */
export function readConsent(now = Date.now()): ConsentRecord | null {
  if (typeof window === "undefined") return null;
  if (
    cachedConsent !== undefined &&
    (cachedConsent === null || now - cachedConsent.timestamp < consentMaxAgeMs)
  )
    return cachedConsent;
  const record = readJson<ConsentRecord>("local", consentKey);
  const valid =
    record?.granted === true &&
    typeof record.timestamp === "number" &&
    now - record.timestamp < consentMaxAgeMs &&
    record.features &&
    typeof record.features === "object";
  if (record && !valid) {
    removeKey("local", consentKey);
    clearSessionData();
  }
  cachedConsent = valid ? { ...record, features: { ...record.features, privacy: true } } : null;
  return cachedConsent;
}

/** True only with fresh general consent that includes `feature`. */
export function hasConsent(feature: ConsentFeature): boolean {
  return readConsent()?.features[feature] === true;
}

/** Stores the choice; returns false when the browser refused to store it. */
export function saveConsent(features: FeatureFlags): boolean {
  const record: ConsentRecord = {
    granted: true,
    timestamp: Date.now(),
    version: consentVersion,
    features: { ...features, privacy: true },
  };
  const ok = writeJson("local", consentKey, record);
  if (!features.personalization && !features.location && !features.ai) clearSessionData();
  notify();
  return ok;
}

/** Withdraws consent and clears the session data at once. */
export function revokeConsent(): void {
  removeKey("local", consentKey);
  clearSessionData();
  notify();
}

/** 'delete my data': every key with the site's prefix, in both storage areas. */
export function deleteAllData(): void {
  removeAllStoredData();
  notify();
}

/** Calls `listener` whenever the consent changes, in this tab or another; returns the unsubscribe. */
export function subscribeConsent(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(storagePrefix)) {
      cachedConsent = undefined;
      listener();
    }
  };
  window.addEventListener(changeEvent, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(changeEvent, listener);
    window.removeEventListener("storage", onStorage);
  };
}

// ── Session data (session storage, 24 h, only with consent) ───────────────────────────────

interface GeneratedIdea {
  idea: string;
  userPrompt: string;
  timestamp: number;
}

export interface SessionData {
  interests: string[];
  visitedPages: { page: string; timestamp: number }[];
  generatedIdeas: GeneratedIdea[];
  location?: unknown;
  locationTimestamp?: number;
  highAccuracyLocation?: unknown;
  highAccuracyLocationTimestamp?: number;
  timestamp: number;
}

const emptySession = (): SessionData => ({
  interests: [],
  visitedPages: [],
  generatedIdeas: [],
  timestamp: Date.now(),
});

/**
 * Session data is personal: it is kept only when the visitor enabled at least one feature
 * beyond the essential ones (personalization, location or ai). Essential-only keeps nothing.
 */
function sessionDataAllowed(): boolean {
  const features = readConsent()?.features;
  return Boolean(features && (features.personalization || features.location || features.ai));
}

/** The session data, or an empty one when there is none, it is older than 24 h, or no consent. */
export function readSessionData(now = Date.now()): SessionData {
  if (typeof window === "undefined" || !sessionDataAllowed()) return emptySession();
  const data = readJson<SessionData>("session", sessionKey);
  if (!data || typeof data.timestamp !== "number" || now - data.timestamp >= sessionMaxAgeMs) {
    if (data) removeKey("session", sessionKey);
    return emptySession();
  }
  return { ...emptySession(), ...data };
}

/** Keeps the session data small: last 10 unique interests, last 20 visited pages, last 5 ideas. */
export function trimSession(data: SessionData): SessionData {
  const interests = [...new Set([...data.interests].reverse())].reverse().slice(-10);
  return {
    ...data,
    interests,
    visitedPages: data.visitedPages.slice(-20),
    generatedIdeas: data.generatedIdeas.slice(-5),
  };
}

/** Changes the session data only when the visitor has consented; returns whether it was kept. */
export function updateSessionData(change: (data: SessionData) => SessionData): boolean {
  if (!sessionDataAllowed()) return false;
  const current = readSessionData();
  const next = trimSession(change(current));
  // The 24-hour clock starts with the first write of a session, not the last.
  return writeJson("session", sessionKey, { ...next, timestamp: current.timestamp });
}

function clearSessionData(): void {
  removeKey("session", sessionKey);
}
