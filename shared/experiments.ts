/** The home call-to-action A/B test (shell-and-admin.md 4 and 9). */
export const homepageCtaExperiment = {
  name: "homepage_cta_primary",
  /** 14 days in milliseconds. */
  durationMs: 1_209_600_000,
  variants: ["control", "gold-journey"] as const,
  control: "control",
} as const;
export type HomepageCtaVariant = (typeof homepageCtaExperiment.variants)[number];
