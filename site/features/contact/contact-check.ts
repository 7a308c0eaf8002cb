import { contactSchema } from "../../../shared/schemas/contact";
import { checkWith } from "../../lib/forms/schema-check";

/** The contact form's checks, loaded on demand (contact-api.ts): the worker's own schema. */
export const checkContact = checkWith(contactSchema);
