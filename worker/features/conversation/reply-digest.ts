import { replyDueAt, replyWithinHours } from "../../../shared/request-stages";
import { mailSettings } from "../../platform/config";
import { log } from "../../platform/log";
import { studioDate, studioHour, studioTime } from "../../platform/studio-clock";
import { afterFailedSend } from "../mail/outbox";
import { type MailProvider, mailProviderFor, type Notification } from "../mail/service";
import {
  claimDigest,
  dueDigests,
  recordDigest,
  settleDigest,
  unansweredBefore,
} from "../request-status/queries";

/**
 * The artist's daily digest of consultation requests whose promised reply is overdue: one
 * e-mail a studio day at most, none on a day when nothing is overdue. The day's row in
 * reply_digests is what makes it once a day (any number of cron runs, any number of isolates);
 * the list is read when the e-mail is sent, so it holds no copy of anyone's details.
 */

/** The studio's hour from which the day's digest may go (not in the middle of the night). */
const digestFromHour = 8;
/** The most requests one digest lists by name; the count says how many more. */
const listed = 25;
const leaseMs = 2 * 60_000;

/** Requests received more than the promised time before `now` and still unanswered. */
function overdueAt(db: D1Database, now: Date, limit: number) {
  return unansweredBefore(db, new Date(now.getTime() - replyWithinHours * 3_600_000).toISOString(), limit);
}

function renderDigest(
  overdue: readonly { id: string; name: string; createdAt: string }[],
  more: number,
  siteUrl: string,
  to: string,
): Notification {
  const count = overdue.length + more;
  return {
    subject: `${count} consultation ${count === 1 ? "request is" : "requests are"} past the ${replyWithinHours}-hour reply`,
    replyTo: to,
    text: [
      `These requests still wait for a first reply, and the ${replyWithinHours} hours promised to each client have passed. Each client's status page says the reply is late.`,
      "",
      ...overdue.map(
        (row) =>
          `- ${row.name}: received ${studioTime(row.createdAt)}, due ${studioTime(replyDueAt(row.createdAt))}`,
      ),
      ...(more ? [`- and ${more} more`] : []),
      "",
      `Open the inbox: ${new URL("/admin/consultations", siteUrl).toString()}`,
      "Moving a request past Pending in the inbox takes it off this list.",
    ].join("\n"),
  };
}

/**
 * The cron's part: records today's digest if it is time and something is overdue, then sends
 * the digests that are due (today's, or an earlier one still retrying). Never throws.
 */
export async function sendReplyDigest(
  env: Env,
  options: { now?: Date; provider?: MailProvider } = {},
): Promise<{ recorded: boolean; sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const tally = { recorded: false, sent: 0, failed: 0 };
  try {
    if (studioHour(now) >= digestFromHour) {
      const [first] = await overdueAt(env.DB, now, 1);
      if (first) tally.recorded = await recordDigest(env.DB, studioDate(now), 1, now.toISOString());
    }
    const settings = mailSettings(env);
    for (const digest of await dueDigests(env.DB, now.toISOString())) {
      const claimed = await claimDigest(
        env.DB,
        digest.day,
        now.toISOString(),
        new Date(now.getTime() + leaseMs).toISOString(),
      );
      if (!claimed) continue;
      const overdue = await overdueAt(env.DB, now, listed + 1);
      if (!overdue.length) {
        // Answered since the day's row was written: nothing is left to tell.
        await settleDigest(env.DB, digest.day, { status: "sent" });
        continue;
      }
      const provider = options.provider ?? mailProviderFor(env, settings, `reply-digest-${digest.day}`);
      try {
        await provider.send(
          renderDigest(
            overdue.slice(0, listed),
            Math.max(0, overdue.length - listed),
            settings.siteUrl,
            settings.to,
          ),
        );
        await settleDigest(env.DB, digest.day, { status: "sent" });
        tally.sent++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await settleDigest(env.DB, digest.day, afterFailedSend(message, claimed.mailAttempts, settings, now));
        tally.failed++;
        log("warn", "reply digest not sent", {
          day: digest.day,
          attempts: claimed.mailAttempts,
          error: message,
        });
      }
    }
  } catch (error) {
    log("error", "reply digest pass failed", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return tally;
}
