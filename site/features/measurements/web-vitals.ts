import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { api } from "../../lib/api-client";
import { beacon, keepalive } from "./beacon";
import { currentPath, onSitePage, sessionId } from "./session-id";

/**
 * Core Web Vitals from real visits, batched and sent to POST /api/metrics: in batches of 10 or
 * every 30 s once sending has started (about 3 s after load), and by beacon when the page
 * hides. FID is gone from web-vitals 5+; INP replaces it. Each metric is
 * also posted to the service worker as a PERFORMANCE_METRIC message.
 */
const vitalsSettings = { batchSize: 10, flushEveryMs: 30_000, startAfterMs: 3000 } as const;

const queue: Metric[] = [];
let sending = false;

function connection(): string | null {
  return (
    (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType ?? null
  );
}

function flushVitals(): void {
  if (!queue.length) return;
  if (!onSitePage()) {
    queue.length = 0;
    return;
  }
  const batch = queue.splice(0, vitalsSettings.batchSize);
  const body = {
    metrics: batch.map((m) => ({
      name: m.name,
      value: Math.max(0, m.value),
      rating: m.rating,
      delta: m.delta,
      id: m.id,
      navigationType: m.navigationType,
    })),
    session: { id: sessionId(), path: currentPath(), connection: connection(), timestamp: Date.now() },
  };
  if (!beacon(api.metrics.$path(), body)) api.metrics.$post({ json: body }, keepalive).catch(() => {});
  if (queue.length) flushVitals();
}

function record(metric: Metric) {
  queue.push(metric);
  navigator.serviceWorker?.controller?.postMessage({
    type: "PERFORMANCE_METRIC",
    metric: { name: metric.name, value: metric.value, url: currentPath(), timestamp: Date.now() },
  });
  // web-vitals reports LCP, CLS and INP as the page hides, possibly after our own hide
  // listener ran: anything that arrives while hidden leaves at once.
  if (document.visibilityState === "hidden" || (sending && queue.length >= vitalsSettings.batchSize))
    flushVitals();
}

export function startWebVitals(): () => void {
  onLCP(record);
  onINP(record);
  onCLS(record);
  onFCP(record);
  onTTFB(record);
  const onHide = () => {
    if (document.visibilityState === "hidden") flushVitals();
  };
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", flushVitals);
  let interval: ReturnType<typeof setInterval> | undefined;
  const start = setTimeout(() => {
    sending = true;
    if (queue.length >= vitalsSettings.batchSize) flushVitals();
    interval = setInterval(flushVitals, vitalsSettings.flushEveryMs);
  }, vitalsSettings.startAfterMs);
  return () => {
    clearTimeout(start);
    clearInterval(interval);
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", flushVitals);
  };
}
