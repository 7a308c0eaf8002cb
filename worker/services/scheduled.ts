import { deleteRateLimitWindowsBefore } from "../db/queries/rate-limit";
import { deleteExpiredIdempotencyKeys } from "../db/queries/submissions";
import { log, withLogContext } from "../lib/log";
import { runAftercareReminders } from "./aftercare";
import { deliverBookingMail } from "./booking";
import { submissionSettings } from "./config";
import { deliverMessageMail } from "./messages";
import { deliverDueNotifications } from "./outbox";
import { sweepPhotos } from "./photos/sweep";
import { sweepReferenceImages } from "./reference-images";
import { deleteExpiredReleaseForms } from "./release-forms";
import { sendReplyDigest } from "./reply-digest";
import { enforceMetricsRetention, enforceRetention } from "./retention";
import { deliverSecurityMail } from "./security-mail";
import { deliverLinkMail } from "./status-links";
import { deliverWaitlistMail } from "./waitlist";

/**
 * The cron trigger (wrangler.toml [triggers]): retries due notifications with backoff, sends the
 * e-mails about security events, the waitlist's reopening e-mails, the clients' confirmations
 * with their status links, the e-mails about new messages on a request, the booked sessions'
 * e-mails and reminders, the clients' aftercare reminders, the artist's daily digest of overdue
 * replies,
 * clears idempotency keys and rate-limit windows that have expired, enforces retention, and
 * deletes uploaded photos nobody used and visitors' reference images nobody may keep.
 */
async function runScheduledJobs(env: Env, now: Date): Promise<void> {
  const tally = await deliverDueNotifications(env, { now });
  const security = await deliverSecurityMail(env, { now });
  if (security.sent || security.failed) log("info", "security e-mail pass", { ...security });
  const waitlist = await deliverWaitlistMail(env, { now });
  if (waitlist.sent || waitlist.failed) log("info", "waitlist e-mail pass", { ...waitlist });
  const confirmations = await deliverLinkMail(env, { now });
  if (confirmations.sent || confirmations.failed)
    log("info", "confirmation e-mail pass", { ...confirmations });
  const messages = await deliverMessageMail(env, { now });
  if (messages.sent || messages.failed) log("info", "message e-mail pass", { ...messages });
  const aftercare = await runAftercareReminders(env, now);
  if (aftercare.queued || aftercare.sent || aftercare.failed)
    log("info", "aftercare e-mail pass", { ...aftercare });
  const booking = await deliverBookingMail(env, { now });
  if (booking.queued || booking.sent || booking.failed) log("info", "booking e-mail pass", { ...booking });
  const digest = await sendReplyDigest(env, { now });
  if (digest.recorded || digest.sent || digest.failed) log("info", "reply digest pass", { ...digest });
  const settings = submissionSettings(env);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  // Bounded like retention: a backlog is worked off over the next runs, five minutes apart.
  const windows = await deleteRateLimitWindowsBefore(env.DB, nowSeconds - settings.rateLimitWindowSeconds);
  const keys = await deleteExpiredIdempotencyKeys(env.DB, now.toISOString());
  log("info", "housekeeping", { rateLimitWindowsRemoved: windows, idempotencyKeysRemoved: keys });
  if (tally.sent || tally.retry || tally.failed) log("info", "outbox pass", { ...tally });
  await enforceRetention(env.DB, now);
  await enforceMetricsRetention(env.METRICS_DB, now);
  await deleteExpiredReleaseForms(env.DB, now);
  const photos = await sweepPhotos(env, now);
  if (photos.unusedPhotos || photos.orphanObjects) log("info", "photo sweep", { ...photos });
  // After retention, so the images of a request it deleted go in the same run.
  const references = await sweepReferenceImages(env, now);
  if (references.deletedImages || references.orphanObjects)
    log("info", "reference image sweep", { ...references });
}

export const scheduled: ExportedHandlerScheduledHandler<Env> = (controller, env, ctx) => {
  // Each cron run's log lines share one id, as a request's do.
  ctx.waitUntil(
    withLogContext({ runId: crypto.randomUUID() }, () =>
      runScheduledJobs(env, new Date(controller.scheduledTime)),
    ),
  );
};
