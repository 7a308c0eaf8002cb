import { z } from "zod";
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

/** The service choices of the contact form (public-site.md 3; prices from DECISIONS.md). */
export const contactServiceOptions = [
  { value: "consultation", label: "Free consultation" },
  { value: "small", label: "Small tattoo (2-4 in, $150-300)" },
  { value: "medium", label: "Medium tattoo (4-6 in, $300-600)" },
  { value: "large", label: "Large tattoo (6+ in, $600+)" },
  { value: "coverup", label: "Cover-up (by quote)" },
  { value: "other", label: "Something else" },
] as const;

/**
 * The contact form on /contact (public-site.md 5): name and e-mail required, message 10-1000
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

export type ContactData = z.output<typeof contactSchema>;

/** Labels used by the form and the "Please check:" list. */
export const contactFieldLabels: Record<string, string> = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  service: "Service interest",
  message: "Message",
  ageVerification: "Age confirmation",
};
