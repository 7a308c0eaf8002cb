import { fieldErrors } from "../../../shared/schemas/fields";
import type { z } from "../../../shared/schemas/z";
import type { FieldCheck } from "./submission-api";

/** A form's check from the worker's schema: the same rules, in the same order, same messages. */
export const checkWith =
  (schema: z.ZodType): FieldCheck =>
  (payload) => {
    const checked = schema.safeParse(payload);
    return checked.success ? null : fieldErrors(checked.error.issues);
  };
