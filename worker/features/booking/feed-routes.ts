import { Hono } from "hono";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import type { AdminEnv } from "../sign-in/middleware";
import { closeFeed, feedCalendar, feedState, openFeed } from "./feed";

const feedFile = z.object({ file: z.string().max(100) });

/**
 * GET /calendar/<token>.ics: the artist's calendar feed, fetched by her calendar app every hour
 * or so. A wrong or revoked token is a bare 404 (no page, no hint). The answer is kept by no cache
 * and given to no search engine; its address, a secret, is never logged (shared/private-links.ts).
 */
export const calendarFeed = new Hono<AppEnv>().get("/:file", validate("param", feedFile), async (c) => {
  const { file } = c.req.valid("param");
  const calendar = file.endsWith(".ics") ? await feedCalendar(c.env, file.slice(0, -4), new Date()) : null;
  if (calendar === null) return c.text("Not found", 404, { "Cache-Control": "no-store" });
  return c.body(calendar, 200, {
    "Content-Type": "text/calendar; charset=utf-8",
    "Content-Disposition": 'inline; filename="gilded-needle-sessions.ics"',
    "Cache-Control": "private, no-store",
    "X-Robots-Tag": "noindex, nofollow",
  });
});

/**
 * /api/admin/calendar-feed: whether her feed address is live (GET), a new address shown once
 * (POST: the old one stops working), and the address turned off (DELETE).
 */
export const adminCalendarFeed = new Hono<AdminEnv>()
  .get("/", async (c) => c.json(await feedState(c.env.DB)))
  .post("/", async (c) => c.json(await openFeed(c.env, new Date()), 201))
  .delete("/", async (c) => {
    if (!(await closeFeed(c.env.DB, new Date())))
      throw new ApiError(404, "There is no calendar address to turn off.");
    return c.body(null, 204);
  });
