import { useSyncExternalStore } from "react";
import { type ConsentRecord, readConsent, subscribeConsent } from "./consent-store";

/**
 * The current consent for React islands; null on the server and during hydration (so the first
 * render matches the server's HTML), then the stored one.
 */
export function useConsent(): ConsentRecord | null {
  return useSyncExternalStore(subscribeConsent, readConsent, () => null);
}
