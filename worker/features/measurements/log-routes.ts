import { drizzle } from "drizzle-orm/d1";
import { Hono } from "hono";
import { type LogLevel, logEntrySchema } from "../../../shared/schemas/measurements";
import { limitBody } from "../../platform/middleware/body-limit";
import { rateLimit } from "../../platform/middleware/rate-limit";
import { validate } from "../../platform/middleware/validate";
import type { AppEnv } from "../../types";
import { takeMeasurementRows } from "./caps";
import { insertClientLog } from "./queries";

const severity: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3 };

/** The page of a log entry as a bare path: no origin, query string or fragment is kept. */
function pathOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url, "https://site.invalid").pathname.slice(0, 200);
  } catch {
    return null;
  }
}

/**
 * POST /api/logs: browser log entries. In production only warn and above are
 * kept, within the visitor's daily allowance; the user agent string is accepted for
 * compatibility and dropped.
 */
export const logs = new Hono<AppEnv>()
  .use(
    rateLimit((env) => env.RATE_LIMIT_TELEMETRY, "telemetry"),
    limitBody(8 * 1024),
  )
  .post("/", validate("json", logEntrySchema), async (c) => {
    const entry = c.req.valid("json");
    const minimum = c.env.ENVIRONMENT === "production" ? severity.warn : severity.debug;
    if (severity[entry.level] < minimum) return c.json({ stored: 0 }, 202);
    const db = drizzle(c.env.METRICS_DB);
    if ((await takeMeasurementRows(db, c.env, c.req, 1)) === 0) return c.json({ stored: 0 }, 202);
    await insertClientLog(db, entry, pathOf(entry.url));
    return c.json({ stored: 1 }, 202);
  });
