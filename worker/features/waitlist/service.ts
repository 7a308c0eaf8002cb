import { studioStyles } from "../../../shared/studio-styles";
import { waitlistJoinedMessage } from "../../../shared/waitlist";
import { ApiError } from "../../platform/api-error";
import { randomToken, sha256Hex } from "../../platform/crypto";
import type { WaitlistEntry } from "../../platform/db/schema";
import { log } from "../../platform/log";
import type { Notification } from "../../platform/mail";
import { delivererOf, dropMail, mailKind } from "../../platform/mail-queue";
import { type SubmissionQuota, tooManySubmissions } from "../../platform/rate-limit";
import { latestPublishedContent } from "../content/service";
import { type AntiSpam, checkAntiSpam, type SubmissionRequest } from "../requests/service";
import {
  deleteByUnsubscribeHash,
  saveWaitlistEntry,
  setUnsubscribeHash,
  waitingEntries,
  waitlistEntryById,
  waitlistMailKind,
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

type ReopeningMail = {
  entry: WaitlistEntry;
  token: string;
  studio: { name: string; email: string };
  message: string | undefined;
};

/**
 * The one e-mail a waiting person gets when the books reopen, through the mailer that may write to
 * visitors. While the live version has the books closed again nothing of it is sent: an e-mail
 * saying "open" would be wrong, and the queued ones go at the next reopening.
 */
const waitlistMail = mailKind<ReopeningMail>({
  name: waitlistMailKind,
  audience: "visitor",
  async ready(env) {
    const live = await latestPublishedContent(env.DB);
    return Boolean(live?.content.booking.booksOpen);
  },
  async load(env, mail) {
    const entry = await waitlistEntryById(env.DB, mail.subjectId);
    if (!entry) return dropMail("stopped", "the person left the waitlist");
    if (entry.notifiedAt !== mail.topic) return dropMail("stopped", "the person signed up again since");
    const live = await latestPublishedContent(env.DB);
    if (!live) return dropMail("failed", "no published content");
    const token = newToken();
    await setUnsubscribeHash(env.DB, entry.id, await sha256Hex(token));
    return {
      entry,
      token,
      studio: { name: live.content.studio.name, email: live.content.studio.email },
      message: live.content.booking.message,
    };
  },
  render: (_env, { entry, token, studio, message }, _mail, settings) =>
    renderReopeningMail(entry, {
      siteUrl: settings.siteUrl,
      token,
      studioName: studio.name,
      replyTo: studio.email,
      message,
    }),
});

/** Sends the due reopening e-mails, each claimed once. Never throws: each outcome is written to its row. */
export const deliverWaitlistMail = delivererOf(waitlistMail);
