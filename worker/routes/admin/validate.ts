import type { z } from "zod";

type Issues = { issues: z.core.$ZodIssue[] };

import { ApiError } from "../../lib/api-error";

/**
 * zValidator hook for the admin API: a failed check becomes the one error shape with status
 * 400, the first issue's message and one message per field.
 */
export function rejectInvalid(result: { success: true } | { success: false; error: Issues }) {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  throw new ApiError(400, result.error.issues[0]?.message ?? "Invalid request.", { code: "invalid", fields });
}
