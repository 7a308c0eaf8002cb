import { z } from "zod";

/** The four kinds of text POST /api/personalize writes (shell-and-admin.md 7). */
export const personalizationTypes = [
  "homepage-greeting",
  "tattoo-ideas",
  "local-seo-content",
  "trending-topics",
] as const;
export type PersonalizationType = (typeof personalizationTypes)[number];

export const timesOfDay = ["morning", "afternoon", "evening"] as const;
export type TimeOfDay = (typeof timesOfDay)[number];

/** Morning before 12, afternoon before 17, evening after (shell-and-admin.md 9). */
export function timeOfDayAt(hour: number): TimeOfDay {
  if (hour < 12) return "morning";
  if (hour < 17) return "afternoon";
  return "evening";
}

const shortText = (max: number) => z.string().trim().max(max);
const list = (maxItems: number, maxLength: number) => z.array(shortText(maxLength)).max(maxItems);

/** What the browser may tell the writer: short, session-only, never an identifier. */
export const personalizationContextSchema = z.strictObject({
  location: shortText(120).optional(),
  userInterests: list(10, 60).optional(),
  sessionInterests: list(10, 60).optional(),
  visitHistory: list(20, 120).optional(),
  previousIdeas: list(5, 600).optional(),
  previousPrompts: list(5, 300).optional(),
  timeOfDay: z.enum(timesOfDay).optional(),
  businessLocation: shortText(120).optional(),
});
export type PersonalizationContext = z.infer<typeof personalizationContextSchema>;

export const promptMaxLength = 500;

export const personalizeRequestSchema = z.strictObject({
  type: z.enum(personalizationTypes, { error: "Choose one of the four personalization types." }),
  context: personalizationContextSchema.default({}),
  /** The visitor's own words (idea generator); kept apart from the writer's instructions. */
  prompt: z
    .string()
    .trim()
    .max(promptMaxLength, { error: `Please keep your idea under ${promptMaxLength} characters.` })
    .optional(),
});
export type PersonalizeRequest = z.infer<typeof personalizeRequestSchema>;

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
