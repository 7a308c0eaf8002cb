import { createMiddleware } from "hono/factory";
import { securityHeaders } from "../../shared/security-headers";
import type { AppEnv } from "../types";

/**
 * Applies the shared security headers to every response the worker returns. Static assets get
 * the same list from the generated `_headers` file.
 */
export const secureHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // Responses from env.ASSETS.fetch() have immutable headers: copy before changing them.
  let response = c.res;
  try {
    for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
  } catch {
    response = new Response(response.body, response);
    for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);
    c.res = response;
  }
  // API answers are personal or live unless a route says otherwise.
  if (c.req.path.startsWith("/api/") && !c.res.headers.has("Cache-Control")) {
    c.res.headers.set("Cache-Control", "no-store");
  }
});
