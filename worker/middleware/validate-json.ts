import { zValidator } from "@hono/zod-validator";
import type { z } from "zod";
import { ApiError } from "../lib/api-error";

/**
 * `zValidator("json", schema)` whose failures become the one error shape (STYLE.md):
 * 400 `{ error: { code: "validation", message, fields } }`, one message per failing field.
 */
export function validJson<T extends z.ZodType>(schema: T) {
  return zValidator("json", schema, (result) => {
    if (result.success) return;
    const fields: Record<string, string> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.length ? issue.path.join(".") : "body";
      fields[key] ??= issue.message;
    }
    throw new ApiError(400, "Some fields are missing or invalid.", { code: "validation", fields });
  });
}
