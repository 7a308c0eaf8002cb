import { runAftercareReminders } from "./features/aftercare/service";
import { backUpDatabases } from "./features/backups/service";
import { deliverBookingMail } from "./features/booking";
import { sendReplyDigest } from "./features/conversation/reply-digest";
import { deliverMessageMail } from "./features/conversation/service";
import { deliverDueNotifications } from "./features/mail/outbox";
import { sweepPhotos } from "./features/photos/sweep";
import { deliverDepositMail } from "./features/quotes-and-deposits/mail";
import { sweepReferenceImages } from "./features/reference-images/service";
import { deleteExpiredReleaseForms } from "./features/release-forms/service";
import { deliverLinkMail } from "./features/request-status/service";
import { deliverSecurityMail } from "./features/sign-in/security-mail";
import { deliverTexts } from "./features/texts";
import { runOffers } from "./features/waitlist/offers";
import { deliverWaitlistMail } from "./features/waitlist/service";
import { submissionSettings } from "./platform/config";
import { reportConfigurationOnce } from "./platform/configuration";
import { deleteOldestBefore } from "./platform/db/bounded-delete";
import { log, withLogContext } from "./platform/log";
import { enforceMetricsRetention, enforceRetention } from "./retention";

/**
 * One entry of the cron: a name for its log lines and what it does. What `run` returns is logged
 * when any of its counts is above zero, so a quiet pass writes nothing.
 */
export interface CronJob {
  name: string;
  run: (env: Env, now: Date) => Promise<unknown>;
}

/** Rows the rate-limit and idempotency sweeps delete a run at most: a backlog drains over later runs. */
const sweepLimit = 1000;

/**
 * The cron trigger (wrangler.toml [triggers]), in stages. The jobs of one stage do not depend on
 * each other and run side by side; a stage starts once the one before has settled, failed jobs
 * included. One job that throws is logged under its name and stops nothing else: a mail provider
 * being down must never keep retention from deleting what is due.
 */
export const cronStages: readonly (readonly CronJob[])[] = [
  [
    { name: "notifications", run: (env, now) => deliverDueNotifications(env, { now }) },
    { name: "security e-mail", run: (env, now) => deliverSecurityMail(env, { now }) },
    { name: "waitlist e-mail", run: (env, now) => deliverWaitlistMail(env, { now }) },
    { name: "confirmation e-mail", run: (env, now) => deliverLinkMail(env, { now }) },
    { name: "message e-mail", run: (env, now) => deliverMessageMail(env, { now }) },
    { name: "aftercare e-mail", run: (env, now) => runAftercareReminders(env, now) },
    { name: "booking e-mail", run: (env, now) => deliverBookingMail(env, { now }) },
    { name: "text reminders", run: (env, now) => deliverTexts(env, { now }) },
    { name: "deposit e-mail", run: (env, now) => deliverDepositMail(env, { now }) },
    { name: "freed-slot offers", run: (env, now) => runOffers(env, now) },
    { name: "reply digest", run: (env, now) => sendReplyDigest(env, { now }) },
    {
      name: "rate-limit windows",
      // Bounded like retention: a backlog is worked off over the next runs, five minutes apart.
      run: async (env, now) => ({
        removed: await deleteOldestBefore(
          env.DB,
          "rate_limit_windows",
          "window_start",
          Math.floor(now.getTime() / 1000) - submissionSettings(env).rateLimitWindowSeconds,
          sweepLimit,
        ),
      }),
    },
    {
      name: "idempotency keys",
      run: async (env, now) => ({
        removed: await deleteOldestBefore(
          env.DB,
          "idempotency_keys",
          "expires_at",
          now.toISOString(),
          sweepLimit,
        ),
      }),
    },
    // Retention and the release forms write their own lines, one a table.
    {
      name: "metrics retention",
      run: async (env, now) => {
        await enforceMetricsRetention(env.METRICS_DB, now);
      },
    },
    {
      name: "release forms",
      run: async (env, now) => {
        await deleteExpiredReleaseForms(env.DB, now);
      },
    },
    { name: "photo sweep", run: (env, now) => sweepPhotos(env, now) },
  ],
  // Before retention, so a nightly copy still holds what retention removes that night.
  [{ name: "backups", run: (env, now) => backUpDatabases(env, now) }],
  [
    {
      name: "retention",
      run: async (env, now) => {
        await enforceRetention(env.DB, now);
      },
    },
  ],
  // After retention, so the images of a request it deleted go in the same run.
  [{ name: "reference image sweep", run: (env, now) => sweepReferenceImages(env, now) }],
];

/** Whether a job's result has anything worth a log line (a count above zero somewhere). */
function eventful(result: unknown): boolean {
  if (typeof result === "number") return result > 0;
  if (typeof result === "boolean") return result;
  if (Array.isArray(result)) return result.some(eventful);
  if (result && typeof result === "object") return Object.values(result).some(eventful);
  return false;
}

/** Runs every stage; returns the names of the jobs that failed (each already logged). */
export async function runCronJobs(
  env: Env,
  now: Date,
  stages: readonly (readonly CronJob[])[] = cronStages,
): Promise<string[]> {
  const failed: string[] = [];
  for (const stage of stages) {
    const outcomes = await Promise.allSettled(stage.map((job) => job.run(env, now)));
    outcomes.forEach((outcome, i) => {
      const name = stage[i]?.name ?? "unnamed";
      if (outcome.status === "rejected") {
        failed.push(name);
        const error = outcome.reason;
        log("error", "cron job failed", {
          job: name,
          error: error instanceof Error ? error.message : String(error),
        });
      } else if (eventful(outcome.value)) {
        log("info", "cron job", { job: name, result: outcome.value });
      }
    });
  }
  // One line a run, however quiet, so a run that did nothing still shows that it ran.
  log(failed.length ? "warn" : "info", "cron run", { stages: stages.length, failed });
  return failed;
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  // Each cron run's log lines share one id, as a request's do.
  ctx.waitUntil(
    withLogContext({ runId: crypto.randomUUID() }, () => {
      reportConfigurationOnce(env);
      return runCronJobs(env, new Date(controller.scheduledTime));
    }),
  );
};
