import { updateSessionData } from "../consent";
import { installEventFlushOnHide, trackPage } from "./analytics";
import { installGlobalErrorHandlers } from "./logger";
import { registerServiceWorker } from "./service-worker";
import { sessionId } from "./session-id";
import { startWebVitals } from "./web-vitals";

/**
 * Starts the site's own, anonymous measurements once per page (web-vitals, error handlers,
 * analytics flush, the service worker, scroll depth and engagement) and, only with consent, adds
 * the page to the session's visited pages. Plain code: every page runs it, none needs React.
 */
export function startMeasurements(): void {
  sessionId();
  installGlobalErrorHandlers();
  startWebVitals();
  installEventFlushOnHide();
  registerServiceWorker();
  updateSessionData((data) => ({
    ...data,
    visitedPages: [...data.visitedPages, { page: window.location.pathname, timestamp: Date.now() }],
  }));
  trackPage();
}
