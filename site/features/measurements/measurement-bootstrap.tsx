import { useEffect } from "react";
import { usePath } from "../../app/path-context";
import { updateSessionData } from "../consent";
import { installEventFlushOnHide, trackPage } from "./analytics";
import { installGlobalErrorHandlers } from "./logger";
import { registerServiceWorker } from "./service-worker";
import { sessionId } from "./session-id";
import { startWebVitals } from "./web-vitals";

/**
 * Starts the site's own, anonymous measurements once per page load (web-vitals, error
 * handlers, analytics flush, the service worker), and per route: scroll depth, engagement and,
 * only with consent, the visited-pages list of the session data. Renders nothing.
 */
export function MeasurementBootstrap() {
  useEffect(() => {
    sessionId();
    const stops = [
      installGlobalErrorHandlers(),
      startWebVitals(),
      installEventFlushOnHide(),
      registerServiceWorker(),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, []);

  const pathname = usePath();
  useEffect(() => {
    updateSessionData((data) => ({
      ...data,
      visitedPages: [...data.visitedPages, { page: pathname, timestamp: Date.now() }],
    }));
    return trackPage();
  }, [pathname]);

  return null;
}
