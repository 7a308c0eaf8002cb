import type { AnalyticsEventType } from "../../../shared/schemas/measurements";
import { send } from "./beacon";
import { currentPath, onSitePage, sessionId } from "./session-id";

/**
 * First-party, cookie-free analytics events to POST /api/events: each
 * carries a timestamp property; events are batched briefly and flushed by beacon when the page
 * hides, so no third-party script is loaded.
 */
type Properties = Record<string, string | number | boolean>;
interface QueuedEvent {
  type: AnalyticsEventType;
  experiment?: string;
  variant?: string;
  properties?: Properties;
  path: string;
}

const queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let flushesOnLeave = false;

export function flushEvents(): void {
  clearTimeout(timer);
  timer = undefined;
  while (queue.length) {
    const body = { sessionId: sessionId(), events: queue.splice(0, 20) };
    send("/api/events", body);
  }
}

export function trackEvent(
  type: AnalyticsEventType,
  properties: Properties = {},
  experiment?: { experiment: string; variant: string },
): void {
  if (typeof window === "undefined" || !onSitePage()) return;
  queue.push({
    type,
    ...experiment,
    properties: { ...properties, timestamp: Date.now() },
    path: currentPath(),
  });
  timer ??= setTimeout(flushEvents, 2000);
  // A page can be left before the measurements start (they wait for an idle moment): an event
  // queued by then still leaves with the page, instead of dying with it.
  if (!flushesOnLeave) {
    flushesOnLeave = true;
    window.addEventListener("pagehide", flushEvents);
  }
}

/**
 * Scroll depth in 25 % steps and time on page (only above 10 s) for the current page; returns
 * a function that ends the page (route change or hide) and reports its engagement.
 */
export function trackPage(): () => void {
  const page = currentPath();
  const started = Date.now();
  const reached = new Set<number>();
  const onScroll = () => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    if (scrollable <= 0) return;
    const depth = Math.floor(((window.scrollY / scrollable) * 100) / 25) * 25;
    for (let step = 25; step <= depth; step += 25) {
      if (reached.has(step)) continue;
      reached.add(step);
      trackEvent("Scroll Depth", { depth: step, page });
    }
  };
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    window.removeEventListener("scroll", onScroll);
    window.removeEventListener("pagehide", end);
    const seconds = Math.round((Date.now() - started) / 1000);
    if (seconds > 10) trackEvent("Page Engagement", { time_seconds: seconds, page });
    flushEvents();
  };
  window.addEventListener("scroll", onScroll, { passive: true });
  window.addEventListener("pagehide", end);
  return end;
}

export function installEventFlushOnHide(): () => void {
  const onHide = () => {
    if (document.visibilityState === "hidden") flushEvents();
  };
  document.addEventListener("visibilitychange", onHide);
  return () => document.removeEventListener("visibilitychange", onHide);
}
