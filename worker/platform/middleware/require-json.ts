import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../types";
import { ApiError } from "../api-error";

/** 415 unless the body is declared as JSON (application/json or a +json type). */
export const requireJson = createMiddleware<AppEnv>(async (c, next) => {
  const type = (c.req.header("Content-Type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
    throw new ApiError(415, "Send the form as JSON (Content-Type: application/json).");
  }
  await next();
});
