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
