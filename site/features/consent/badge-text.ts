import type { FeatureFlags } from "./consent-store";

/** The consent badge's label: how many of the four features are on, in words. */
export function badgeText(features: FeatureFlags): string {
  const count = Object.values(features).filter(Boolean).length;
  if (count <= 1) return "Essential only";
  if (count === 4) return "All features enabled";
  return `${count}/4 features enabled`;
}
