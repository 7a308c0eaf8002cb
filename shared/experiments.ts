/**
 * The home call-to-action A/B test: each browser is assigned one variant at random (50/50) and
 * keeps it for `durationMs`, after which it is assigned again.
 */
export const homepageCtaExperiment = {
  name: "homepage_cta_primary",
  /** 14 days in milliseconds. */
  durationMs: 1_209_600_000,
  variants: ["control", "gold-journey"] as const,
  control: "control",
} as const;
export type HomepageCtaVariant = (typeof homepageCtaExperiment.variants)[number];
