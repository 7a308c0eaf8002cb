import { Hono } from "hono";
import type { AppEnv } from "../../types";
import { sitePage } from "./pages";
import { sitePagePaths } from "./renderer";

/**
 * The public pages, one route per path of the site's route table (and the sitemap), rendered by
 * the worker (docs/decisions/012-edge-rendered-pages.md). A GET route answers HEAD too, without a
 * body; any other path, or another method on a page's path, is the app's not-found answer.
 */
export const sitePages = new Hono<AppEnv>();
for (const path of sitePagePaths) sitePages.get(path, sitePage);
