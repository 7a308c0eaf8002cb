import { createMiddleware } from "hono/factory";
import { securityHeaders } from "../../../shared/security-headers";
import type { AppEnv } from "../../types";

/**
 * Applies the shared security headers to every response the worker returns. Static assets get
 * the same list from the generated `_headers` file.
 */
/** How the policy of every prerendered page begins (the build only adds style hashes after it). */
const pagePolicyStart = "default-src 'self'; script-src 'self'";

export const secureHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  // Responses from env.ASSETS.fetch() have immutable headers: copy before changing them.
  let response = c.res;
  // A public page (rendered by the worker, or a form's prerendered page passed through it after
  // a post without JavaScript) keeps its page policy: the same directives, plus the hashes of
  // exactly the styles it inlines, without which the page would lose its styles.
  // The artist's preview of a page from the drafts is served at the page's own address, so it is one.
  const pagePolicy =
    !c.req.path.startsWith("/api/") &&
    !c.req.path.startsWith("/admin") &&
    response.headers.get("Content-Security-Policy")?.startsWith(pagePolicyStart);
  const apply = (headers: Headers) => {
    for (const [name, value] of Object.entries(securityHeaders)) {
      // A page whose address holds a secret (a private status link) sends no referrer at all:
      // stricter than the site's policy, so it is kept.
      if (name === "Referrer-Policy" && headers.get(name) === "no-referrer") continue;
      if (!(pagePolicy && name === "Content-Security-Policy")) headers.set(name, value);
    }
  };
  try {
    apply(response.headers);
  } catch {
    response = new Response(response.body, response);
    apply(response.headers);
    c.res = response;
  }
  // API answers are personal or live unless a route says otherwise.
  if (c.req.path.startsWith("/api/") && !c.res.headers.has("Cache-Control")) {
    c.res.headers.set("Cache-Control", "no-store");
  }
});
