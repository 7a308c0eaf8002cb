import { Hono } from "hono";
import { portfolio as builtPortfolio } from "../../../shared/content/portfolio";
import { visibleContent } from "../../../shared/content/visible";
import type { AppEnv } from "../../types";
import { latestPublishedContent } from "./service";

/**
 * GET /api/portfolio: the portfolio as the artist last published it (the pages show the same
 * list), or the built-in one before anything is published.
 */
export const portfolioRoute = new Hono<AppEnv>().get("/", async (c) => {
  const published = await latestPublishedContent(c.env.DB);
  const items = published ? visibleContent(published.content).portfolio : builtPortfolio;
  c.header("Cache-Control", "public, max-age=300");
  return c.json({ items, total: items.length });
});
