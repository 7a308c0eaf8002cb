import { renderToday } from "virtual:admin-render";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  DRAWN_TODAY_ID,
  SESSION_ENDS_HEADER,
  SESSION_HINT_COOKIE,
  SIGN_IN_PATHS,
} from "../../../shared/admin-session";
import { ApiError } from "../../platform/api-error";
import { log } from "../../platform/log";
import { jsonScript } from "../../platform/markup";
import type { AppEnv } from "../../types";
import { checkAdminSession } from "../sign-in/middleware";
import { today } from "../today/service";

/** Tells the admin's service worker that the page holds her data, which it must never keep. */
const DRAWN_HEADER = "X-Admin-Drawn";

const emptyRoot = '<div id="root"></div>';

/**
 * Today drawn for the artist whose session the request carries, with the answers it was drawn
 * from beside it for the admin's script; null without a live session (the script then sends her
 * to sign in, as from the empty page) or when her day could not be read (the script asks again).
 */
async function drawToday(c: Context<AppEnv>): Promise<string | null> {
  try {
    const { admin } = await checkAdminSession(c);
    // As the browser would read Today's own answer: plain JSON, dates as strings.
    const drawn = { user: admin, today: JSON.parse(JSON.stringify(await today(c.env.DB, new Date()))) };
    return `<div id="root">${renderToday(drawn)}</div>${jsonScript(DRAWN_TODAY_ID, drawn)}`;
  } catch (error) {
    if (!(error instanceof ApiError))
      log("warn", "Today could not be drawn; the page goes without it", { error: String(error) });
    return null;
  }
}

/**
 * Admin deep links (/admin, /admin/consultations, ...) all load the admin bundle's HTML; its
 * router picks the screen. The API decides what the admin may see, never this shell. A browser
 * with no session asking for the sign-in screen gets the page with the form already drawn
 * (admin/login.html, made by the build): it paints before the admin's script has arrived. With
 * the session hint, the screen depends on the session, so the empty shell lets the script decide,
 * except on Today, her phone's daily start: with a live session the worker draws her day into
 * the page (admin/today.html, which also brings Today's code), so it paints before the script.
 */
export const adminShell = new Hono<AppEnv>().get("*", async (c) => {
  const hinted = getCookie(c, SESSION_HINT_COOKIE) !== undefined;
  const drawn = hinted && c.req.path === "/admin/today" ? await drawToday(c) : null;
  const shell = drawn
    ? "/admin/today"
    : !hinted && SIGN_IN_PATHS.includes(c.req.path)
      ? "/admin/login"
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
  // A slid session's fresh cookie and its end, as every admin answer gives them.
  for (const cookie of c.res.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  const ends = c.res.headers.get(SESSION_ENDS_HEADER);
  if (ends) headers.set(SESSION_ENDS_HEADER, ends);
  const page = drawn && response.ok ? await response.text() : null;
  if (!drawn || !page?.includes(emptyRoot))
    return new Response(page ?? response.body, { status: response.status, headers });
  headers.delete("Content-Length");
  headers.delete("ETag");
  headers.set(DRAWN_HEADER, "1");
  return new Response(
    page.replace(emptyRoot, () => drawn),
    { status: 200, headers },
  );
});
