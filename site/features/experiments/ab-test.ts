import { type HomepageCtaVariant, homepageCtaExperiment } from "../../../shared/experiments";
import { readJson, writeJson } from "../../lib/browser-storage";
import { trackEvent } from "../measurements";

/**
 * The home call-to-action A/B test: 50/50, kept for 14 days, control
 * whenever storage fails. A random assignment is not personal data, so it needs no consent;
 * exposures and conversions are kept in bounded local logs and sent to POST /api/events.
 */
interface Assignment {
  variant: HomepageCtaVariant;
  timestamp: number;
  testName: string;
}

const abLimits = { events: 200, conversions: 100 } as const;
const assignmentKey = `ab:${homepageCtaExperiment.name}`;

export function assignVariant(now = Date.now(), random = Math.random): HomepageCtaVariant {
  const stored = readJson<Assignment>("local", assignmentKey);
  if (
    stored &&
    homepageCtaExperiment.variants.includes(stored.variant) &&
    now - stored.timestamp < homepageCtaExperiment.durationMs
  ) {
    return stored.variant;
  }
  const variant: HomepageCtaVariant = random() < 0.5 ? "control" : "gold-journey";
  const saved = writeJson("local", assignmentKey, {
    variant,
    timestamp: now,
    testName: homepageCtaExperiment.name,
  } satisfies Assignment);
  // Read back: a browser that silently drops writes gets the control too.
  return saved && readJson<Assignment>("local", assignmentKey)?.variant === variant
    ? variant
    : homepageCtaExperiment.control;
}

function append<T>(key: string, entry: T, limit: number) {
  const list = readJson<T[]>("local", key) ?? [];
  list.push(entry);
  writeJson("local", key, list.slice(-limit));
}

export function recordExposure(variant: HomepageCtaVariant): void {
  append(
    "ab-events",
    { type: "exposure", variant, testName: homepageCtaExperiment.name, timestamp: Date.now() },
    abLimits.events,
  );
  trackEvent("ab_exposure", {}, { experiment: homepageCtaExperiment.name, variant });
}

export function recordConversion(variant: HomepageCtaVariant, type = "cta_click"): void {
  const entry = {
    variant,
    type,
    timestamp: Date.now(),
    userAgent: navigator.userAgent.slice(0, 50),
  };
  append("ab-conversions", entry, abLimits.conversions);
  append(
    "ab-events",
    { type: "conversion", variant, testName: homepageCtaExperiment.name, timestamp: entry.timestamp },
    abLimits.events,
  );
  trackEvent("ab_conversion", { action: type }, { experiment: homepageCtaExperiment.name, variant });
}
