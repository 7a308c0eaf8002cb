import { configurationChecks, type DependencyCheck, isProblem } from "../../platform/configuration";
import { log } from "../../platform/log";
import { pingDatabase } from "./queries";

/** What a check that calls its dependency answers: the call returned, or it threw. */
async function probe(check: DependencyCheck, requestId: string, call: () => Promise<unknown>) {
  if (check.state !== "ok") return check;
  try {
    await call();
    return check;
  } catch (error) {
    log("error", "health check failed", {
      requestId,
      check: check.name,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ...check, state: "failing" as const, why: "did not answer" };
  }
}

/**
 * Every dependency by name: the configuration's presence and shape, then the stores called at
 * once (both databases, the cache and the photo bucket each answer a cheap read). A failure is
 * logged by name; values never leave the worker.
 */
export async function healthChecks(env: Env, requestId: string) {
  const calls: Record<string, () => Promise<unknown>> = {
    db: () => pingDatabase(env.DB),
    metricsDb: () => pingDatabase(env.METRICS_DB),
    kv: () => env.KV.get("health:probe"),
    photos: () => env.PHOTOS.head("health/probe"),
  };
  const checks = await Promise.all(
    configurationChecks(env as unknown as Record<string, unknown>).map((check) => {
      const call = calls[check.name];
      return call ? probe(check, requestId, call) : check;
    }),
  );
  return {
    checks: Object.fromEntries(checks.map((check) => [check.name, check.state])),
    failing: checks.filter(isProblem).map((check) => check.name),
  };
}
