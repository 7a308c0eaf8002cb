import { replyDueAt, replyWithinHours } from "../../../shared/request-stages";
import { log } from "../../platform/log";
import type { Notification } from "../../platform/mail";
import {
  type DeliveryOptions,
  deliverMail,
  dropMail,
  type MailTally,
  mailKind,
} from "../../platform/mail-queue";
import { studioDate, studioHour, studioTime } from "../../platform/studio-clock";
import { recordDigest, replyDigestMailKind, unansweredBefore } from "../request-status/service";

/**
 * The artist's daily digest of consultation requests whose promised reply is overdue: one
 * e-mail a studio day at most, none on a day when nothing is overdue. The day's row in
 * reply_digests, written with the day's row of the mail queue, is what makes it once a day (any number of cron runs, any number of isolates);
 * the list is read when the e-mail is sent, so it holds no copy of anyone's details.
 */

/** The studio's hour from which the day's digest may go (not in the middle of the night). */
const digestFromHour = 8;
/** The most requests one digest lists by name; the count says how many more. */
const listed = 25;

/** Requests received more than the promised time before `now` and still unanswered. */
function overdueAt(db: D1Database, now: Date, limit: number) {
  return unansweredBefore(db, new Date(now.getTime() - replyWithinHours * 3_600_000).toISOString(), limit);
}

type OverdueRequests = Awaited<ReturnType<typeof overdueAt>>;

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
 * The day's digest (the day its subject): the list is read when it is sent, so a request answered
 * since it was queued is not on it, and a digest with nothing left to tell is not sent at all.
 */
const replyDigestMail = mailKind<OverdueRequests>({
  name: replyDigestMailKind,
  audience: "artist",
  async load(env, _mail, _known, now) {
    const overdue = await overdueAt(env.DB, now, listed + 1);
    return overdue.length ? overdue : dropMail("stopped", "every overdue request was answered since");
  },
  render: (_env, overdue, _mail, settings) =>
    renderDigest(
      overdue.slice(0, listed),
      Math.max(0, overdue.length - listed),
      settings.siteUrl,
      settings.to,
    ),
});

/**
 * The cron's part: records today's digest (queuing its e-mail) if it is time and something is
 * overdue, then sends the digests that are due (today's, or an earlier one still retrying).
 * Never throws.
 */
export async function sendReplyDigest(
  env: Env,
  options: DeliveryOptions = {},
): Promise<{ recorded: boolean } & MailTally> {
  const now = options.now ?? new Date();
  let recorded = false;
  try {
    if (studioHour(now) >= digestFromHour) {
      const [first] = await overdueAt(env.DB, now, 1);
      if (first) recorded = await recordDigest(env.DB, studioDate(now), 1, now.toISOString());
    }
  } catch (error) {
    log("error", "reply digest not recorded", {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return { recorded, ...(await deliverMail(env, [replyDigestMail], { ...options, now })) };
}
