import type { consultationSchema } from "../../shared/schemas/consultation";
import type { contactSchema } from "../../shared/schemas/contact";
import { fieldErrors } from "../../shared/schemas/fields";
import { validConsultation, validContact } from "./submission-support";

/** The first message for `field`, or undefined when the payload passes for that field. */
export function errorFor(
  schema: typeof contactSchema | typeof consultationSchema,
  payload: unknown,
  field: string,
) {
  const result = schema.safeParse(payload);
  return result.success ? undefined : fieldErrors(result.error.issues)[field];
}

/** A contact form that passes, but for the fields given. */
export const contactWith = (patch: Record<string, unknown>) => ({ ...validContact(), ...patch });

/** A consultation request that passes, but for the fields given. */
export const consultationWith = (patch: Record<string, unknown>) => ({ ...validConsultation(), ...patch });
