import { and, asc, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { type MailSettings, mailSettings } from "./config";
import { type MailStatus, mailQueue, type QueuedMail } from "./db/schema";
import { log } from "./log";
import { type MailProvider, mailProviderFor, type Notification } from "./mail";
import { type PushNotice, pushToArtist } from "./push";

/**
 * The one mail queue (docs/decisions/027-one-mail-queue.md). Every e-mail the studio sends is a
 * row of `mail_queue`, written in the batch of the change it tells of, and sent by this runner:
 * claimed with a lease in one statement, sent, then settled as sent, retried with backoff, or
 * given up at the attempt limit, where the admin shows it. What differs between e-mails is a
 * small descriptor: who reads it, what it needs loaded, how it reads.
 */

type MailAudience = "artist" | "visitor";

/** An e-mail that is not to be sent after all (its request is gone, the client opted out). */
export interface MailDropped {
  drop: "failed" | "stopped";
  reason: string;
}

export const dropMail = (drop: MailDropped["drop"], reason: string): MailDropped => ({ drop, reason });

const isDropped = (value: unknown): value is MailDropped =>
  typeof value === "object" && value !== null && "drop" in value && "reason" in value;

export interface MailKind<Loaded> {
  /** The `kind` column of its rows. */
  name: string;
  /** The artist's own mailer, or the one that may write to visitors. */
  audience: MailAudience | ((loaded: Loaded, mail: QueuedMail) => MailAudience);
  /**
   * Reads what the e-mail needs at send time, or says why it is no longer to be sent. `known` is
   * what the caller that queued it already holds, if it handed it over (the row just saved);
   * `now` the run's clock, for an e-mail whose content depends on the time (what is overdue).
   */
  load(env: Env, mail: QueuedMail, known: unknown, now: Date): Promise<Loaded | MailDropped>;
  render(
    env: Env,
    loaded: Loaded,
    mail: QueuedMail,
    settings: MailSettings,
  ): Notification | Promise<Notification>;
  /** While this answers false nothing of the kind is claimed: it waits in the queue. */
  ready?(env: Env): Promise<boolean>;
  /**
   * The push notice to the artist's devices that goes with this e-mail, if any: sent once, at the
   * e-mail's first attempt, whatever becomes of the e-mail (docs/decisions/031-push-notifications.md).
   */
  push?(loaded: Loaded, mail: QueuedMail, settings: MailSettings): PushNotice | null;
}

/** A descriptor as the runner holds it, whatever it loads. */
export type AnyMailKind = MailKind<never>;

/** Keeps a descriptor's own types while it is written, and erases them for the runner's lists. */
export const mailKind = <Loaded>(kind: MailKind<Loaded>): AnyMailKind => kind as unknown as AnyMailKind;

/** How long a claimed e-mail stays claimed before another run may try it again. */
export const leaseMs = 2 * 60_000;
/** The longest wait between two attempts. */
const maxBackoffMs = 12 * 60 * 60_000;

/** Exponential backoff: base, 2x base, 4x base, ... capped at 12 hours. */
export function retryDelayMs(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 1000 * 2 ** Math.max(0, attempts - 1), maxBackoffMs);
}

/**
 * What a send that failed leaves on its row: another try after the backoff, or, once its attempts
 * reach the limit, failed for good.
 */
function afterFailedSend(
  error: string,
  attempts: number,
  settings: { maxAttempts: number; retryBaseSeconds: number },
  now: Date,
): { status: "failed"; error: string } | { status: "retry"; error: string; nextAttemptAt: string } {
  if (attempts >= settings.maxAttempts) return { status: "failed", error };
  return {
    status: "retry",
    error,
    nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, settings.retryBaseSeconds)).toISOString(),
  };
}

/** A new e-mail, for the batch of the change that causes it: sent at `now` or after. */
export function queueMail(
  d1: D1Database,
  mail: {
    kind: string;
    subjectId: string;
    topic?: string;
    requestId?: string | null;
    now: string;
    id?: string;
  },
) {
  return drizzle(d1)
    .insert(mailQueue)
    .values({
      id: mail.id ?? crypto.randomUUID(),
      kind: mail.kind,
      subjectId: mail.subjectId,
      topic: mail.topic ?? "",
      requestId: mail.requestId ?? null,
      status: "pending",
      nextAttemptAt: mail.now,
      createdAt: mail.now,
      updatedAt: mail.now,
    })
    .onConflictDoNothing();
}

const t = mailQueue;

/** Due: queued or waiting to retry and its time has come, or claimed by a run whose lease lapsed. */
const dueAt = (now: string) =>
  or(
    and(inArray(t.status, ["pending", "retry"]), lte(t.nextAttemptAt, now)),
    and(eq(t.status, "sending"), lte(t.leaseUntil, now)),
  );

/**
 * Claims up to `limit` due e-mails of the kinds named, oldest first, in one UPDATE ... RETURNING:
 * SQLite runs a statement whole, so a row one run claimed is no longer due for any other until
 * its lease lapses, and two runs never send the same e-mail at once.
 */
export async function claimMail(
  d1: D1Database,
  claim: { kinds: readonly string[]; now: string; leaseUntil: string; limit: number; only?: string },
): Promise<QueuedMail[]> {
  if (claim.kinds.length === 0) return [];
  const db = drizzle(d1);
  const due = dueAt(claim.now);
  const picked = db
    .select({ id: t.id })
    .from(t)
    .where(and(inArray(t.kind, [...claim.kinds]), due, claim.only ? eq(t.id, claim.only) : undefined))
    .orderBy(asc(t.nextAttemptAt))
    .limit(claim.limit);
  const rows = await db
    .update(t)
    .set({
      status: "sending",
      attempts: sql`${t.attempts} + 1`,
      leaseUntil: claim.leaseUntil,
      lastAttemptAt: claim.now,
      updatedAt: claim.now,
    })
    .where(and(inArray(t.id, picked), due))
    .returning();
  return rows.sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt));
}

/**
 * Writes an attempt's outcome, only over the claim it belongs to: a run whose lease lapsed while
 * it worked (and whose e-mail another run claimed since) changes nothing.
 */
async function settle(
  d1: D1Database,
  mail: QueuedMail,
  set: Partial<typeof mailQueue.$inferInsert> & { status: MailStatus },
): Promise<void> {
  await drizzle(d1)
    .update(t)
    .set({ ...set, leaseUntil: null })
    .where(and(eq(t.id, mail.id), eq(t.status, "sending"), eq(t.attempts, mail.attempts)));
}

export type MailOutcome = "sent" | "retry" | "failed" | "stopped";
export type MailTally = Record<MailOutcome, number>;

export interface DeliveryOptions {
  now?: Date;
  /** Tests pass a provider to simulate an outage; normally chosen from MAIL_PROVIDER. */
  provider?: MailProvider;
  /** One e-mail, right after the change that queued it; otherwise every due one. */
  only?: string;
  limit?: number;
  /** With `only`: what the caller already holds, handed to the descriptor's load. */
  known?: unknown;
}

/** One claimed e-mail: loaded, rendered, sent and settled. Never throws. */
async function sendOne(
  env: Env,
  kind: AnyMailKind,
  mail: QueuedMail,
  settings: MailSettings,
  options: DeliveryOptions,
  now: Date,
): Promise<MailOutcome> {
  let providerName: string | null = null;
  let result: Awaited<ReturnType<MailProvider["send"]>>;
  try {
    const loaded = await kind.load(env, mail, options.known, now);
    if (isDropped(loaded)) {
      await settle(env.DB, mail, {
        status: loaded.drop,
        lastError: loaded.reason,
        updatedAt: new Date().toISOString(),
      });
      log("info", "e-mail dropped", { kind: mail.kind, mailId: mail.id, status: loaded.drop });
      return loaded.drop;
    }
    if (kind.push && mail.attempts === 1) await pushWith(env, kind.push(loaded, mail, settings));
    const audience = typeof kind.audience === "function" ? kind.audience(loaded, mail) : kind.audience;
    const provider = options.provider ?? mailProviderFor(env, settings, mail.id, audience);
    providerName = provider.name;
    result = await provider.send(await kind.render(env, loaded, mail, settings));
  } catch (error) {
    const outcome = afterFailedSend(errorText(error), mail.attempts, settings, now);
    try {
      await settle(env.DB, mail, {
        status: outcome.status,
        lastError: outcome.error.slice(0, 500),
        provider: providerName,
        nextAttemptAt: outcome.status === "retry" ? outcome.nextAttemptAt : mail.nextAttemptAt,
        updatedAt: new Date().toISOString(),
      });
    } catch (writeError) {
      // The lease lapses and a later run claims the e-mail again.
      log("error", "e-mail outcome not written", {
        kind: mail.kind,
        mailId: mail.id,
        error: errorText(writeError),
      });
    }
    const fields = { kind: mail.kind, mailId: mail.id, attempts: mail.attempts, error: outcome.error };
    if (outcome.status === "failed") log("error", "e-mail failed for good", fields);
    else log("warn", "e-mail not sent; will retry", { ...fields, nextAttemptAt: outcome.nextAttemptAt });
    return outcome.status;
  }
  const sentAt = new Date().toISOString();
  try {
    await settle(env.DB, mail, {
      status: "sent",
      sentAt,
      provider: result.provider,
      providerMessageId: result.messageId,
      lastError: null,
      updatedAt: sentAt,
    });
  } catch (error) {
    // Sent, but not recorded: a later run sends it again, under the same idempotency key.
    log("error", "e-mail sent but not recorded", {
      kind: mail.kind,
      mailId: mail.id,
      error: errorText(error),
    });
  }
  log("info", "e-mail sent", {
    kind: mail.kind,
    mailId: mail.id,
    provider: result.provider,
    attempts: mail.attempts,
  });
  return "sent";
}

/** Sends a descriptor's push notice; a push never holds up or fails its e-mail. */
async function pushWith(env: Env, notice: PushNotice | null): Promise<void> {
  if (!notice) return;
  try {
    await pushToArtist(env, notice);
  } catch (error) {
    log("warn", "push not sent", { topic: notice.topic, error: errorText(error) });
  }
}

/**
 * Sends the due e-mails of the kinds given (or the one named by `only`), oldest first, one at a
 * time. Never throws: every outcome is written to its row, and a claim that fails leaves the
 * e-mails due for the next run.
 */
export async function deliverMail(
  env: Env,
  kinds: readonly AnyMailKind[],
  options: DeliveryOptions = {},
): Promise<MailTally> {
  const now = options.now ?? new Date();
  const tally: MailTally = { sent: 0, retry: 0, failed: 0, stopped: 0 };
  let claimed: QueuedMail[];
  const byName = new Map<string, AnyMailKind>();
  try {
    for (const kind of kinds) if (!kind.ready || (await kind.ready(env))) byName.set(kind.name, kind);
    claimed = await claimMail(env.DB, {
      kinds: [...byName.keys()],
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      limit: options.limit ?? 50,
      ...(options.only ? { only: options.only } : {}),
    });
  } catch (error) {
    log("error", "mail claim failed", { kinds: kinds.map((kind) => kind.name), error: errorText(error) });
    return tally;
  }
  const settings = mailSettings(env);
  for (const mail of claimed) {
    const kind = byName.get(mail.kind);
    if (kind) tally[await sendOne(env, kind, mail, settings, options, now)]++;
  }
  return tally;
}

/** Sends one queued e-mail now; "skipped" when it is not due (sent, or claimed by another run). */
export async function deliverOne(
  env: Env,
  kind: AnyMailKind,
  id: string,
  options: Omit<DeliveryOptions, "only" | "limit"> = {},
): Promise<MailOutcome | "skipped"> {
  const tally = await deliverMail(env, [kind], { ...options, only: id, limit: 1 });
  const outcome = (Object.keys(tally) as MailOutcome[]).find((key) => tally[key] > 0);
  return outcome ?? "skipped";
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The e-mails of every kind that failed for good or are waiting to retry, newest first: what
 * the admin shows so that the artist knows which client was not told, whichever e-mail it was.
 * Ids, kinds and the provider's error only: the queue holds no message text.
 */
export function undeliveredMail(d1: D1Database, limit = 100) {
  return drizzle(d1)
    .select({
      id: t.id,
      kind: t.kind,
      topic: t.topic,
      requestId: t.requestId,
      status: t.status,
      attempts: t.attempts,
      lastError: t.lastError,
      lastAttemptAt: t.lastAttemptAt,
      nextAttemptAt: t.nextAttemptAt,
    })
    .from(t)
    .where(inArray(t.status, ["failed", "retry"]))
    .orderBy(desc(t.updatedAt))
    .limit(limit);
}

/**
 * The delivery of one kind on its own, for the kind's feature to export: the cron runs it, and a
 * route may run it right after queueing (waitUntil) so the e-mail need not wait for the cron.
 */
export const delivererOf =
  (kind: AnyMailKind) =>
  (env: Env, options: DeliveryOptions = {}): Promise<MailTally> =>
    deliverMail(env, [kind], options);
