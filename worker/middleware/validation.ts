import type { z } from "zod";
import { fieldErrors } from "../../shared/schemas/fields";
import { ApiError } from "../lib/api-error";

/**
 * The zValidator hook of the submission routes: an invalid form becomes the one 400 shape with
 * one message per field, the same messages the browser shows (shared/schemas/fields.ts).
 */
export function validationHook(result: {
  success: boolean;
  error?: { issues: readonly z.core.$ZodIssue[] };
}) {
  if (!result.success) {
    throw new ApiError(400, "Some fields need attention.", {
      code: "validation",
      fields: fieldErrors(result.error?.issues ?? []),
    });
  }
}
