import { expect, it } from "vitest";
import { consultationSchema } from "../../shared/schemas/consultation";
import { contactSchema } from "../../shared/schemas/contact";
import { fieldErrors } from "../../shared/schemas/fields";
import { validConsultation, validContact } from "./submission-support";

/** The first message for `field`, or undefined when the payload passes for that field. */
function errorFor(schema: typeof contactSchema | typeof consultationSchema, payload: unknown, field: string) {
  const result = schema.safeParse(payload);
  return result.success ? undefined : fieldErrors(result.error.issues)[field];
}

/** A contact form that passes, but for the fields given. */
export const contactWith = (patch: Record<string, unknown>) => ({ ...validContact(), ...patch });

/** A consultation request that passes, but for the fields given. */
export const consultationWith = (patch: Record<string, unknown>) => ({ ...validConsultation(), ...patch });

/** A field of one of the two public forms. */
export type Field = ["contact" | "consultation", string];

/** The message a form gives `value` in one field, the rest of the form valid (undefined: it passes). */
export const fieldError = ([form, field]: Field, value: unknown) =>
  form === "contact"
    ? errorFor(contactSchema, contactWith({ [field]: value }), field)
    : errorFor(consultationSchema, consultationWith({ [field]: value }), field);

/** One test a value: each of the fields refuses it with the message beside it. */
export function refusesEach(fields: Field[], cases: [unknown, string][], title = "%j -> %s") {
  it.each(cases)(title, (value, message) => {
    expect(message).toBeTruthy();
    for (const field of fields) expect(fieldError(field, value), field.join(" ")).toBe(message);
  });
}

/** One test a value: each of the fields accepts it. */
export function acceptsEach(fields: Field[], values: unknown[], title = "accepts %s") {
  it.each(values)(title, (value) => {
    for (const field of fields) expect(fieldError(field, value), field.join(" ")).toBeUndefined();
  });
}
