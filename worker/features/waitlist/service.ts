import { studioStyles } from "../../../shared/studio-styles";
import { waitlistJoinedMessage } from "../../../shared/waitlist";
import { ApiError } from "../../platform/api-error";
import { mailSettings } from "../../platform/config";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { WaitlistEntry } from "../../platform/db/schema";
import { log } from "../../platform/log";
import { type SubmissionQuota, tooManySubmissions } from "../../platform/rate-limit";
import { latestPublishedContent } from "../content/service";
import { afterFailedSend } from "../mail/outbox";
import { type MailProvider, mailProviderFor, type Notification } from "../mail/service";
import { type AntiSpam, checkAntiSpam, type SubmissionRequest } from "../requests/service";
import {
  claimWaitlistMail,
  deleteByUnsubscribeHash,
  dueWaitlistMail,
  saveWaitlistEntry,
  settleWaitlistMail,
  waitingEntries,
} from "./queries";

/** What the sign-up refuses while the books are open: the request form is the way in then. */
/** How long a told waitlist entry is kept (the reopening e-mail says so, and retention keeps to it). */
export const waitlistDaysAfterNotice = 30;

const booksOpenMessage =
  "The books are open again, so there is no waitlist to join: please send a consultation request instead.";

export interface WaitlistSignUp extends AntiSpam {
  name: string;
  email: string;
  styles: string[];
}

/**
 * Puts a visitor on the waitlist (or updates their entry: one per address, and the answer is
 * the same either way, so it never tells whether an address was already there). Refused with
 * 409 while the books are open, and a style the studio does not offer is a 400 on `styles`.
 */
export async function joinWaitlist(
  request: Pick<SubmissionRequest, "env" | "clientIp"> & { quota: SubmissionQuota },
  data: WaitlistSignUp,
): Promise<{ message: string }> {
  await checkAntiSpam({ ...request, idempotency: null }, "waitlist", data);
  const live = await latestPublishedContent(request.env.DB);
  if (!live || live.content.booking.booksOpen)
    throw new ApiError(409, booksOpenMessage, { code: "books_open" });
  const offered = new Set(studioStyles(live.content.portfolio));
  if (data.styles.some((style) => !offered.has(style))) {
    throw new ApiError(400, "Choose styles from the list", {
      code: "validation",
      fields: { styles: "Choose styles from the list" },
    });
  }
  const result = await saveWaitlistEntry(
    request.env.DB,
    {
      id: crypto.randomUUID(),
      name: data.name,
      email: data.email,
      styles: data.styles,
      now: new Date().toISOString(),
    },
    request.quota,
  );
  if (!result.saved) {
    if (result.reason === "rate_limited") throw tooManySubmissions(request.quota);
    throw new ApiError(409, booksOpenMessage, { code: "books_open" });
  }
  log("info", "waitlist sign-up saved");
  return { message: waitlistJoinedMessage };
}

/** The admin's view: how many wait, and who. */
export async function waitlistOverview(db: D1Database) {
  const entries = await waitingEntries(db);
  return { count: entries.length, entries };
}

/** Leaves the list by the link's token; whether an entry went (the page says the same either way). */
export async function leaveWaitlist(db: D1Database, token: string): Promise<boolean> {
  const removed = await deleteByUnsubscribeHash(db, await sha256Hex(token));
  if (removed) log("info", "waitlist entry removed by its unsubscribe link");
  return removed;
}

/** 128 random bits as hex: the unsubscribe link's token. */
function newToken(): string {
  return randomToken({ bytes: 16, encoding: "hex" });
}

/** The e-mail a waiting person reads when the books reopen. */
function renderReopeningMail(
  entry: Pick<WaitlistEntry, "name" | "email">,
  links: {
    siteUrl: string;
    token: string;
    studioName: string;
    replyTo: string;
    message?: string | undefined;
  },
): Notification {
  const book = new URL("/book-consultation", links.siteUrl).toString();
  const leave = new URL("/waitlist/leave", links.siteUrl);
  leave.searchParams.set("token", links.token);
  const first = entry.name.split(" ")[0] ?? entry.name;
  return {
    to: entry.email,
    replyTo: links.replyTo,
    subject: `The books are open at ${links.studioName}`,
    text: [
      `Hi ${first},`,
      "",
      `You asked us to tell you when the books at ${links.studioName} open again: they are open now.`,
      ...(links.message ? ["", links.message] : []),
      "",
      `Request your free consultation: ${book}`,
      "",
      `This is the only e-mail the waitlist sends you; your entry is deleted ${waitlistDaysAfterNotice} days after it.`,
      `To leave the waitlist now: ${leave.toString()}`,
    ].join("\n"),
  };
}

const leaseMs = 2 * 60_000;

/**
 * Sends the due reopening e-mails, each claimed once, with the outbox's backoff and attempt
 * limit (worker/features/mail/outbox.ts). While the live version has the books closed again nothing
 * is sent: an e-mail saying "open" would be wrong, and the queued ones go at the next reopening.
 * Never throws for one e-mail: each outcome is written to its row.
 */
export async function deliverWaitlistMail(
  env: Env,
  options: { now?: Date; provider?: MailProvider; limit?: number } = {},
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const tally = { sent: 0, failed: 0 };
  const ids = await dueWaitlistMail(env.DB, now.toISOString(), options.limit ?? 50);
  if (ids.length === 0) return tally;
  const live = await latestPublishedContent(env.DB);
  if (!live?.content.booking.booksOpen) return tally;
  const settings = mailSettings(env);
  for (const id of ids) {
    const token = newToken();
    const claimed = await claimWaitlistMail(env.DB, id, {
      now: now.toISOString(),
      leaseUntil: new Date(now.getTime() + leaseMs).toISOString(),
      unsubscribeHash: await sha256Hex(token),
    });
    if (!claimed) continue;
    const provider = options.provider ?? mailProviderFor(env, settings, `waitlist-${id}`, "visitor");
    try {
      await provider.send(
        renderReopeningMail(claimed, {
          siteUrl: settings.siteUrl,
          token,
          studioName: live.content.studio.name,
          replyTo: live.content.studio.email,
          message: live.content.booking.message,
        }),
      );
      await settleWaitlistMail(env.DB, id, { status: "sent", now: new Date().toISOString() });
      tally.sent++;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await settleWaitlistMail(env.DB, id, afterFailedSend(message, claimed.mailAttempts, settings, now));
      tally.failed++;
      log("warn", "waitlist e-mail not sent", { attempts: claimed.mailAttempts, error: message });
    }
  }
  return tally;
}
