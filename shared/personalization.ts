/**
 * Personalization constants shared by the browser and the worker, free of zod so that the home
 * page's greeting and idea generator do not load the validation library
 * (docs/decisions/004-lean-public-bundle.md). The request schema is shared/schemas/personalize.ts.
 */

/** The four kinds of text POST /api/personalize writes. */
export const personalizationTypes = [
  "homepage-greeting",
  "tattoo-ideas",
  "local-seo-content",
  "trending-topics",
] as const;
export type PersonalizationType = (typeof personalizationTypes)[number];

export const timesOfDay = ["morning", "afternoon", "evening"] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/** Morning before 12, afternoon before 17, evening after, in the visitor's local hour. */
export function timeOfDayAt(hour: number): TimeOfDay {
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

export const promptMaxLength = 500;

export interface PersonalizeResponse {
  content: string;
  source: "ai" | "template";
  cached: boolean;
}

/** Longest text each type may return, after markup is stripped. */
export const contentMaxLength: Record<PersonalizationType, number> = {
  "homepage-greeting": 240,
  "tattoo-ideas": 1200,
  "local-seo-content": 700,
  "trending-topics": 700,
};
