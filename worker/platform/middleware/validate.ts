import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { z } from "zod";
import { fieldErrors } from "../../../shared/schemas/fields";
import { ApiError } from "../api-error";

/** The one code of every answer to input that fails its schema, whatever the route. */
const invalidInputCode = "validation";

/**
 * The validator of every route: the input must pass its shared zod schema, or the request gets
 * 400 in the one error shape, with one message per field taken from the schema itself, so a
 * browser form that runs the same schema shows exactly what the server answers. The first
 * failing field's message doubles as the summary (the sign-in form shows it as is).
 */
export function validate<Target extends keyof ValidationTargets, T extends z.ZodType>(
  target: Target,
  schema: T,
) {
  return zValidator(target, schema, (result) => {
    if (result.success) return;
    const issues = result.error.issues;
    throw new ApiError(400, issues[0]?.message ?? "Some fields need attention.", {
      code: invalidInputCode,
      fields: fieldErrors(issues),
    });
  });
}
