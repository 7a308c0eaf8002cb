import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { SESSION_HINT_COOKIE, SIGN_IN_PATHS } from "../../../shared/admin-session";
import type { AppEnv } from "../../types";

/**
 * Admin deep links (/admin, /admin/consultations, ...) all load the admin bundle's HTML; its
 * router picks the screen. The API decides what the admin may see, never this shell. A browser
 * with no session asking for the sign-in screen gets the page with the form already drawn
 * (admin/login.html, made by the build): it paints before the admin's script has arrived. With
 * the session hint, the screen depends on the session, so the empty shell lets the script decide;
 * Today's (admin/today.html) also asks for Today's code and data beside the script.
 */
export const adminShell = new Hono<AppEnv>().get("*", async (c) => {
  const hinted = getCookie(c, SESSION_HINT_COOKIE) !== undefined;
  const shell =
    !hinted && SIGN_IN_PATHS.includes(c.req.path)
      ? "/admin/login"
      : hinted && c.req.path === "/admin/today"
        ? "/admin/today"
        : "/admin/";
  const shellUrl = new URL(shell, c.req.url);
  let response = await c.env.ASSETS.fetch(new Request(shellUrl));
  // html_handling may answer the folder form with a redirect to its canonical path.
  for (let hops = 0; hops < 2 && response.status >= 300 && response.status < 400; hops++) {
    const location = response.headers.get("Location");
    if (!location) break;
    response = await c.env.ASSETS.fetch(new Request(new URL(location, shellUrl)));
  }
  const headers = new Headers(response.headers);
  headers.set("X-Robots-Tag", "noindex, nofollow");
  headers.set("Cache-Control", "no-store");
  return new Response(response.body, { status: response.status, headers });
});
