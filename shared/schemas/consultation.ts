import {
  ageVerificationField,
  antiSpamFields,
  emailField,
  nameField,
  optionalText,
  phoneRequiredField,
  requiredText,
} from "./fields";
import { referenceImagesField } from "./reference-images";
import { z } from "./z";

/**
 * The consultation request form on /book-consultation: full name, e-mail,
 * phone, tattoo idea (10-1000) and the 18+ box required; the rest optional with their limits,
 * up to five reference images among them.
 */
export const consultationSchema = z.object({
  name: nameField,
  email: emailField,
  phone: phoneRequiredField,
  tattooIdea: requiredText(10, 1000),
  size: optionalText(50),
  placement: optionalText(100),
  timeframe: optionalText(50),
  experience: optionalText(100),
  budget: optionalText(50),
  availability: optionalText(500, { multiline: true }),
  /** The flash design the request is for ("Book this design"); the server checks it is on offer. */
  flashDesign: optionalText(60),
  ageVerification: ageVerificationField,
  /** Images uploaded beforehand (POST /api/reference-images), claimed by their attach tokens. */
  referenceImages: referenceImagesField,
  ...antiSpamFields,
});
