import { Hono } from "hono";
import { portfolio } from "../../shared/content/portfolio";
import type { AppEnv } from "../types";

/**
 * GET /api/portfolio: the portfolio list the gallery reads. Today it is the
 * built-in list; the gallery falls back to its own copy if this ever fails.
 */
export const portfolioRoute = new Hono<AppEnv>().get("/", (c) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ items: portfolio, total: portfolio.length });
});
