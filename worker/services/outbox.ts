import { flashReferenceText } from "../../shared/content/flash-reference";
import type { SubmissionKindName } from "../../shared/submission-kinds";
import { submissionKind } from "../../shared/submission-kinds";
import { claimNotification, dueNotificationIds, markFailedAttempt, markSent } from "../db/queries/outbox";
import { findSubmission } from "../db/queries/submissions";
import type { OutboxStatus } from "../db/schema";
import { log } from "../lib/log";
import { mailSettings } from "./config";
import { type MailProvider, mailProviderFor, type NotificationSubject, renderNotification } from "./mail";
import { submissionReferences } from "./submission-references";

/**
 * The e-mail's text for columns that name a flash design. The content is only read to be
 * friendlier: if it cannot be, the message goes out with the bare id rather than not at all.
 */
async function referenceTexts(db: D1Database, subject: NotificationSubject): Promise<Record<string, string>> {
  try {
    const [references = {}] = await submissionReferences(db, submissionKind(subject.kind), [subject.row]);
    return Object.fromEntries(
      Object.entries(references).map(([column, reference]) => [column, flashReferenceText(reference)]),
    );
  } catch (error) {
    log("warn", "notification references unread", { error: errorText(error) });
    return {};
  }
}

/** How long a claimed notification stays claimed before another run may try it again. */
const leaseMs = 2 * 60_000;
/** The longest wait between two attempts. */
const maxBackoffMs = 12 * 60 * 60_000;

/** Exponential backoff: base, 2x base, 4x base, ... capped at 12 hours. */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

/**
 * What a send that failed leaves on its row: another try after the backoff, or, once its attempts
 * reach the limit, failed for good. Every e-mail queue settles a failure this way.
 */
export function afterFailedSend(
  error: string,
  attempts: number,
  settings: { maxAttempts: number; retryBaseSeconds: number },
  now: Date,
): { status: "failed"; error: string } | { status: "pending"; error: string; nextAttemptAt: string } {
  if (attempts >= settings.maxAttempts) return { status: "failed", error };
  return {
    status: "pending",
    error,
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, settings.retryBaseSeconds)).toISOString(),
  };
}

export interface DeliveryOptions {
  now?: Date;
  /** Tests pass a provider to simulate an outage; normally chosen from MAIL_PROVIDER. */
  provider?: MailProvider;
  /** The submission just saved, when the caller has it: saves reading it back. */
  subject?: NotificationSubject;
}

/**
 * Tries to deliver one queued notification. Never throws: every outcome is written to the
 * outbox row (sent, retry with its next time, or failed after the attempt limit), so a
 * delivery problem can never turn the visitor's saved submission into an error.
 */
export async function deliverNotification(
  env: Env,
  outboxId: string,
  options: DeliveryOptions = {},
): Promise<OutboxStatus | "skipped"> {
  const now = options.now ?? new Date();
  const settings = mailSettings(env);
  let claimed: Awaited<ReturnType<typeof claimNotification>>;
  try {
    claimed = await claimNotification(
      env.DB,
      outboxId,
      now.toISOString(),
      new Date(now.getTime() + leaseMs).toISOString(),
    );
  } catch (error) {
    log("error", "outbox claim failed", { outboxId, error: errorText(error) });
    return "skipped";
  }
  if (!claimed) return "skipped";

  const provider = options.provider ?? mailProviderFor(env, settings, outboxId);
  try {
    const known = options.subject;
    const subject =
      known && known.kind === claimed.submissionKind && known.row.id === claimed.submissionId
        ? known
        : await loadSubject(env.DB, claimed.submissionKind, claimed.submissionId);
    if (!subject) {
      await markFailedAttempt(env.DB, outboxId, {
        provider: provider.name,
        error: "the submission no longer exists",
        now: new Date().toISOString(),
        nextAttemptAt: null,
      });
      return "failed";
    }
    const references = await referenceTexts(env.DB, subject);
    const result = await provider.send(renderNotification(subject, settings.siteUrl, references));
    await markSent(env.DB, outboxId, { ...result, now: new Date().toISOString() });
    log("info", "notification sent", { outboxId, provider: result.provider, attempts: claimed.attempts });
    return "sent";
  } catch (error) {
    const giveUp = claimed.attempts >= settings.maxAttempts;
    const nextAttemptAt = giveUp
      ? null
      : new Date(now.getTime() + retryDelayMs(claimed.attempts, settings.retryBaseSeconds)).toISOString();
    try {
      await markFailedAttempt(env.DB, outboxId, {
        provider: provider.name,
        error: errorText(error),
        now: new Date().toISOString(),
        nextAttemptAt,
      });
    } catch (writeError) {
      // The lease lapses and the cron claims the row again.
      log("error", "outbox update failed", { outboxId, error: errorText(writeError) });
    }
    if (giveUp) {
      log("error", "notification failed for good", {
        outboxId,
        attempts: claimed.attempts,
        error: errorText(error),
      });
      return "failed";
    }
    log("warn", "notification attempt failed; will retry", {
      outboxId,
      attempts: claimed.attempts,
      nextAttemptAt,
      error: errorText(error),
    });
    return "retry";
  }
}

async function loadSubject(
  db: D1Database,
  kind: SubmissionKindName,
  id: string,
): Promise<NotificationSubject | undefined> {
  const row = await findSubmission(db, kind, id);
  return row ? { kind, row } : undefined;
}

/** The cron's pass over the outbox: every due notification, oldest first, one at a time. */
export async function deliverDueNotifications(
  env: Env,
  options: DeliveryOptions & { limit?: number } = {},
): Promise<Record<OutboxStatus | "skipped", number>> {
  const now = options.now ?? new Date();
  const tally: Record<OutboxStatus | "skipped", number> = {
    pending: 0,
    sending: 0,
    retry: 0,
    sent: 0,
    failed: 0,
    skipped: 0,
  };
  const ids = await dueNotificationIds(env.DB, now.toISOString(), options.limit ?? 50);
  for (const id of ids) tally[await deliverNotification(env, id, { ...options, now })]++;
  return tally;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
