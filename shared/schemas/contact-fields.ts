import type { StudioContent } from "./content";

// The contact form's choices, field names and labels, apart from its zod schema (contact.ts):
// the form in the browser needs these at once and loads the schema only when it is used.

/** The service choices of the contact form, priced by the published price bands. */
const band = (name: string, price: { label: string; range: string }) =>
  `${name} tattoo (${/\((.*)\)/.exec(price.label)?.[1]}, ${price.range})`;

export const contactServiceOptionsFor = (
  prices: Pick<StudioContent["prices"], "small" | "medium" | "large" | "coverUp">,
) => [
  { value: "consultation", label: "Free consultation" },
  { value: "small", label: band("Small", prices.small) },
  { value: "medium", label: band("Medium", prices.medium) },
  { value: "large", label: band("Large", prices.large) },
  { value: "coverup", label: `Cover-up (${prices.coverUp.range.toLowerCase()})` },
  { value: "other", label: "Something else" },
];

/** What the browser sends: the form's own field names. */
export interface ContactInput {
  name: string;
  email: string;
  phone: string;
  service: string;
  message: string;
  newsletter: boolean;
  ageVerification: boolean;
  website?: string;
  fillMs?: number;
  turnstileToken?: string;
}

/** Labels of the contact form's fields, as the "Please check:" list names them. */
export const contactFieldLabels: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  service: "Service interest",
  message: "Message",
  ageVerification: "Age confirmation",
};
