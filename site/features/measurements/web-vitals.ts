import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from "web-vitals";
import { userAgentFamily } from "../../../shared/user-agent-family";
import { send } from "./beacon";
import { currentPath, onSitePage, sessionId } from "./session-id";

/**
 * Core Web Vitals from real visits, sent to POST /api/metrics: every 30 s once sending has
 * started (about 3 s after load), and by beacon when the page hides. FID is gone from
 * web-vitals 5+; INP replaces it. Layout shift (CLS) and interaction latency (INP) keep changing
 * until the page hides, so they are observed with every change and their current value goes out
 * with each periodic send; the worker keeps the latest per page view. Each metric is also posted
 * to the service worker as a PERFORMANCE_METRIC message.
 */
const vitalsSettings = { batchSize: 10, flushEveryMs: 30_000, startAfterMs: 3000 } as const;

/** The latest value of each web-vital not sent yet. */
const pending = new Map<Metric["name"], Metric>();

type NetworkInformation = { effectiveType?: string; downlink?: number; rtt?: number };

function connection() {
  const info = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  if (!info) return null;
  return {
    effectiveType: info.effectiveType ?? null,
    downlink: info.downlink ?? null,
    rtt: info.rtt ?? null,
  };
}

/** The referring site's origin only: its path could say what the visitor searched for or read. */
function referrer(): string | undefined {
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** The page's address without its query string or fragment, which may hold what a visitor typed. */
const pageUrl = () => `${location.origin}${currentPath()}`;

function flushVitals(): void {
  if (!pending.size) return;
  if (!onSitePage()) {
    pending.clear();
    return;
  }
  const batch = [...pending.values()].slice(0, vitalsSettings.batchSize);
  for (const metric of batch) pending.delete(metric.name);
  const now = Date.now();
  const body = {
    metrics: batch.map((m) => ({
      name: m.name,
      value: Math.max(0, m.value),
      rating: m.rating,
      delta: m.delta,
      id: m.id,
      navigationType: m.navigationType,
      url: pageUrl(),
      timestamp: now,
      metadata: { navigationType: m.navigationType, entries: Math.min(m.entries.length, 10_000) },
    })),
    session: {
      id: sessionId(),
      path: currentPath(),
      connection: connection(),
      timestamp: now,
      userAgent: userAgentFamily(navigator.userAgent),
      referrer: referrer(),
      viewport: { width: window.innerWidth, height: window.innerHeight },
    },
  };
  send("/api/metrics", body);
  if (pending.size) flushVitals();
}

function record(metric: Metric) {
  pending.set(metric.name, metric);
  navigator.serviceWorker?.controller?.postMessage({
    type: "PERFORMANCE_METRIC",
    metric: { name: metric.name, value: metric.value, url: currentPath(), timestamp: Date.now() },
  });
  // web-vitals reports LCP, CLS and INP as the page hides, possibly after our own hide
  // listener ran: anything that arrives while hidden leaves at once.
  if (document.visibilityState === "hidden") flushVitals();
}

export function startWebVitals(): () => void {
  onLCP(record);
  onINP(record, { reportAllChanges: true });
  onCLS(record, { reportAllChanges: true });
  onFCP(record);
  onTTFB(record);
  const onHide = () => {
    if (document.visibilityState === "hidden") flushVitals();
  };
  document.addEventListener("visibilitychange", onHide);
  window.addEventListener("pagehide", flushVitals);
  let interval: ReturnType<typeof setInterval> | undefined;
  const start = setTimeout(() => {
    flushVitals();
    interval = setInterval(flushVitals, vitalsSettings.flushEveryMs);
  }, vitalsSettings.startAfterMs);
  return () => {
    clearTimeout(start);
    clearInterval(interval);
    document.removeEventListener("visibilitychange", onHide);
    window.removeEventListener("pagehide", flushVitals);
  };
}
