import { personalizationTypes, promptMaxLength, timesOfDay } from "../personalization";
import { withoutTokens } from "../private-links";
import { withoutHiddenCharacters } from "./fields";
import { z } from "./z";

// The plain constants live in shared/personalization.ts so browser code can use them without
// loading zod (the home page's JavaScript budget); they are re-exported here for the worker.
export {
  contentMaxLength,
  type PersonalizationType,
  type PersonalizeResponse,
  type TimeOfDay,
} from "../personalization";

// Everything here is read by the AI writer: no hidden characters that could carry instructions
// a person reviewing the text would not see.
const shortText = (max: number, multiline = false) =>
  withoutHiddenCharacters(z.string().trim().max(max), { multiline });
const list = (maxItems: number, maxLength: number, multiline = false) =>
  z.array(shortText(maxLength, multiline)).max(maxItems);

/** What the browser may tell the writer: short, session-only, never an identifier. */
const personalizationContextSchema = z.strictObject({
  location: shortText(120).optional(),
  userInterests: list(10, 60).optional(),
  sessionInterests: list(10, 60).optional(),
  // Sent on to the AI writer: a private link's token never is.
  visitHistory: list(20, 120)
    .transform((pages) => pages.map(withoutTokens))
    .optional(),
  previousIdeas: list(5, 600, true).optional(),
  // The visitor's earlier prompts come from a textarea, like the prompt itself.
  previousPrompts: list(5, 300, true).optional(),
  timeOfDay: z.enum(timesOfDay).optional(),
  businessLocation: shortText(120).optional(),
});
export type PersonalizationContext = z.infer<typeof personalizationContextSchema>;

export const personalizeRequestSchema = z.strictObject({
  type: z.enum(personalizationTypes, { error: "Choose one of the four personalization types." }),
  context: personalizationContextSchema.default({}),
  /** The visitor's own words (idea generator); kept apart from the writer's instructions. */
  prompt: withoutHiddenCharacters(
    z
      .string()
      .trim()
      .max(promptMaxLength, { error: `Please keep your idea under ${promptMaxLength} characters.` }),
    { multiline: true },
  ).optional(),
});
export type PersonalizeRequest = z.infer<typeof personalizeRequestSchema>;
