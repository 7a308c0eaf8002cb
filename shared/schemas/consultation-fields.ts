import type { StudioContent } from "./content";

// The request form's choices, field names and labels, apart from its zod schema
// (consultation.ts): the form in the browser needs these at once and loads the schema only when
// it is used.

/**
 * The request form's size choices: the published price bands' sizes, so "Small" here is the
 * "Small" the services page prices. The API accepts any text within the limits.
 */
export const sizeOptionsFor = (prices: Pick<StudioContent["prices"], "small" | "medium" | "large">) => [
  ...[prices.small, prices.medium, prices.large].map(
    (band) => `${band.label.replace(/\s*\(.*$/, "")} (${band.inches} inches)`,
  ),
  "Not sure",
];
export const timeframeOptions = [
  "ASAP",
  "Within 2 weeks",
  "Within a month",
  "2-3 months",
  "Flexible",
] as const;
export const experienceOptions = [
  "first tattoo",
  "1-2 tattoos",
  "several tattoos",
  "heavily tattooed",
] as const;
export const budgetOptions = ["$200-400", "$400-600", "$600-800", "$800+"] as const;

export interface ConsultationInput {
  name: string;
  email: string;
  phone: string;
  tattooIdea: string;
  size: string;
  placement: string;
  timeframe: string;
  experience: string;
  budget: string;
  availability: string;
  flashDesign: string;
  ageVerification: boolean;
  website?: string;
  fillMs?: number;
  turnstileToken?: string;
}

/** Labels used by the form and the "Please check:" list. */
export const consultationFieldLabels: Record<string, string> = {
  name: "Full name",
  email: "Email",
  phone: "Phone",
  tattooIdea: "Tattoo idea",
  size: "Size",
  placement: "Placement",
  timeframe: "Timeframe",
  experience: "Tattoo experience",
  budget: "Budget",
  availability: "Availability",
  flashDesign: "Flash design",
  ageVerification: "Age confirmation",
  referenceImages: "Reference images",
};
