import { Hono } from "hono";
import pkg from "../../../package.json";
import type { AppEnv } from "../../types";
import { healthChecks } from "./service";

/**
 * GET /api/health: every dependency by name (both databases, the cache, the photo bucket, Images,
 * mail, each secret, Stripe and Turnstile) as ok, missing or failing; 200 when nothing required is
 * missing and nothing is failing, 503 naming what is. Names only, never a value.
 */
export const health = new Hono<AppEnv>().get("/", async (c) => {
  const { checks, failing } = await healthChecks(c.env, c.get("requestId"));
  const status = failing.length === 0 ? "ok" : "degraded";
  return c.json(
    { status, version: pkg.version, checks, ...(failing.length ? { failing } : {}) },
    failing.length ? 503 : 200,
  );
});
