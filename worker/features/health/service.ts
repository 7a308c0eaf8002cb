import { log } from "../../platform/log";
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

/** Whether the database and the cache answer, each probed at once; a failure is logged by name. */
export async function healthChecks(env: { DB: D1Database; KV: KVNamespace }, requestId: string) {
  const [db, kv] = await Promise.all([
    check("db", requestId, () => pingDatabase(env.DB)),
    check("kv", requestId, () => env.KV.get("health:probe")),
  ]);
  const checks = { db, kv };
  const failing = Object.entries(checks)
    .filter(([, state]) => state === "fail")
    .map(([name]) => name);
  return { checks, failing };
}
