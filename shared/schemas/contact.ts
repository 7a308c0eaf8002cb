import { prices } from "../studio";
import {
  ageVerificationField,
  antiSpamFields,
  booleanField,
  emailField,
  nameField,
  optionalText,
  phoneOptionalField,
  requiredText,
} from "./fields";
import { z } from "./z";

/** The service choices of the contact form (the price bands come from the studio facts). */
const band = (name: string, price: { label: string; range: string }) =>
  `${name} tattoo (${/\((.*)\)/.exec(price.label)?.[1]}, ${price.range})`;

export const contactServiceOptions = [
  { value: "consultation", label: "Free consultation" },
  { value: "small", label: band("Small", prices.small) },
  { value: "medium", label: band("Medium", prices.medium) },
  { value: "large", label: band("Large", prices.large) },
  { value: "coverup", label: `Cover-up (${prices.coverUp.range.toLowerCase()})` },
  { value: "other", label: "Something else" },
] as const;

/**
 * The contact form on /contact: name and e-mail required, message 10-1000
 * characters, service optional up to 100, phone optional, the 18+ box ticked.
 */
export const contactSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneOptionalField,
  service: optionalText(100),
  message: requiredText(10, 1000),
  newsletter: booleanField,
  ageVerification: ageVerificationField,
  ...antiSpamFields,
});

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
