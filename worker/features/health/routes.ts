import { Hono } from "hono";
import pkg from "../../../package.json";
import type { AppEnv } from "../../types";
import { healthChecks } from "./service";

/** GET /api/health: 200 when the database and the cache answer, 503 naming what failed. */
export const health = new Hono<AppEnv>().get("/", async (c) => {
  const { checks, failing } = await healthChecks(c.env, c.get("requestId"));
  const status = failing.length === 0 ? "ok" : "degraded";
  return c.json(
    { status, version: pkg.version, checks, ...(failing.length ? { failing } : {}) },
    failing.length ? 503 : 200,
  );
});
