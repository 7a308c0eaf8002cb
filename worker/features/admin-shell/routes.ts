import { Hono } from "hono";
import type { AppEnv } from "../../types";

/**
 * Admin deep links (/admin, /admin/consultations, ...) all load the admin bundle's HTML; its
 * router picks the screen. The API decides what the admin may see, never this shell.
 */
export const adminShell = new Hono<AppEnv>().get("*", async (c) => {
  const shellUrl = new URL("/admin/", c.req.url);
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
