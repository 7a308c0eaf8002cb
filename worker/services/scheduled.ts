import { deleteRateLimitWindowsBefore } from "../db/queries/rate-limit";
import { deleteExpiredIdempotencyKeys } from "../db/queries/submissions";
import { log } from "../lib/log";
import { submissionSettings } from "./config";
import { deliverDueNotifications } from "./outbox";
import { enforceRetention } from "./retention";

/**
 * The cron trigger (wrangler.toml [triggers]): retries due notifications with backoff,
 * clears idempotency keys and rate-limit windows that have expired, and enforces retention.
 */
export async function runScheduledJobs(env: Env, now: Date): Promise<void> {
  const tally = await deliverDueNotifications(env, { now });
  const settings = submissionSettings(env);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  await deleteRateLimitWindowsBefore(env.DB, nowSeconds - settings.rateLimitWindowSeconds);
  await deleteExpiredIdempotencyKeys(env.DB, now.toISOString());
  if (tally.sent || tally.retry || tally.failed) log("info", "outbox pass", { ...tally });
  await enforceRetention(env.DB, now);
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  ctx.waitUntil(runScheduledJobs(env, new Date(controller.scheduledTime)));
};
