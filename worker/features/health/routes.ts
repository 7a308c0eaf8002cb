import { Hono } from "hono";
import pkg from "../../../package.json";
import { log } from "../../platform/log";
import type { AppEnv } from "../../types";
import { pingDatabase } from "./queries";

type CheckState = "ok" | "fail";

async function check(name: string, requestId: string, probe: () => Promise<unknown>): Promise<CheckState> {
  try {
    await probe();
    return "ok";
  } catch (error) {
    log("error", "health check failed", {
      requestId,
      check: name,
      error: error instanceof Error ? error.message : String(error),
    });
    return "fail";
  }
}

/** GET /api/health: 200 when the database and the cache answer, 503 naming what failed. */
export const health = new Hono<AppEnv>().get("/", async (c) => {
  const requestId = c.get("requestId");
  const [db, kv] = await Promise.all([
    check("db", requestId, () => pingDatabase(c.env.DB)),
    check("kv", requestId, () => c.env.KV.get("health:probe")),
  ]);
  const checks = { db, kv };
  const failing = Object.entries(checks)
    .filter(([, state]) => state === "fail")
    .map(([name]) => name);
  const status = failing.length === 0 ? "ok" : "degraded";
  return c.json(
    { status, version: pkg.version, checks, ...(failing.length ? { failing } : {}) },
    failing.length ? 503 : 200,
  );
});
