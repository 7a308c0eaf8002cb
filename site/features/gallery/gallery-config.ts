/** Progressive loading constants for the gallery; Safari gets the smaller values. */
export interface GalleryTiming {
  initial: number;
  batch: number;
  delayMs: number;
  preload: number;
  threshold: number;
  /** The preloading observer gives up after this long. */
  observerStopMs: number;
}

export const standardTiming: GalleryTiming = {
  initial: 12,
  batch: 12,
  delayMs: 100,
  preload: 6,
  threshold: 0.1,
  observerStopMs: 10_000,
};

const safariTiming: GalleryTiming = {
  initial: 8,
  batch: 6,
  delayMs: 300,
  preload: 3,
  threshold: 0.1,
  observerStopMs: 10_000,
};

/** Safari, not Chrome or Android browsers that also say "Safari" in their user agent. */
function isSafari(userAgent: string): boolean {
  return /^((?!chrome|chromium|crios|fxios|edg|android).)*safari/i.test(userAgent);
}

export function timingFor(userAgent: string | undefined): GalleryTiming {
  return userAgent && isSafari(userAgent) ? safariTiming : standardTiming;
}

/** Swipe: at least 50 px within 500 ms, so a slow drag or a scroll is not taken for a swipe. */
export const swipe = { minDistancePx: 50, maxDurationMs: 500 } as const;
