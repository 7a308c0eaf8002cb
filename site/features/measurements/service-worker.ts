import { logger } from "./logger";

/** Registers /sw.js about 1.5 s after load, once the page's own work is done. */
const serviceWorkerDelayMs = 1500;

export function registerServiceWorker(): () => void {
  if (!("serviceWorker" in navigator)) return () => {};
  const timer = setTimeout(() => {
    navigator.serviceWorker.register("/sw.js").catch((error: unknown) => {
      logger.warn("Service worker registration failed", { error: String(error) });
    });
  }, serviceWorkerDelayMs);
  return () => clearTimeout(timer);
}
