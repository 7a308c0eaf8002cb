import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../../types";
import { ApiError } from "../api-error";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that do not come from this site's own pages (the admin API,
 * and the forms posted without JavaScript): the browser's Origin header must name this origin
 * (the request's own, or SITE_URL), and Sec-Fetch-Site, when sent, must say same-origin. A
 * request without Origin is refused too: every browser sends it on fetch() and form POSTs, and
 * only a forged or non-browser request lacks it. SameSite=Strict on the cookies is the second,
 * independent defence.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  if (safeMethods.has(c.req.method)) return next();
  const origin = c.req.header("Origin");
  const allowed = new Set([new URL(c.req.url).origin]);
  try {
    if (c.env.SITE_URL) allowed.add(new URL(c.env.SITE_URL).origin);
  } catch {}
  const fetchSite = c.req.header("Sec-Fetch-Site");
  if (!origin || !allowed.has(origin) || (fetchSite && fetchSite !== "same-origin")) {
    throw new ApiError(403, "Requests from other sites are refused.", { code: "cross_origin" });
  }
  return next();
});
