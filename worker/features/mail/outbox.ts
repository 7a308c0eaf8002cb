import { flashReferenceText } from "../../../shared/content/flash-reference";
import type { SubmissionKindName } from "../../../shared/submission-kinds";
import { submissionKind } from "../../../shared/submission-kinds";
import { cardUrl } from "../../platform/admin-links";
import { log } from "../../platform/log";
import { type NotificationSubject, renderNotification } from "../../platform/mail";
import {
  type DeliveryOptions,
  delivererOf,
  deliverOne,
  dropMail,
  type MailOutcome,
  mailKind,
} from "../../platform/mail-queue";
import { firstNameOf, noticeLine } from "../../platform/push";
import { findSubmission } from "../requests/lookup";
import { submissionReferences } from "../requests/references";

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

/**
 * The artist's e-mail about a new submission: one row per submission (its kind in `topic`),
 * rendered at send time from the saved row, so the queue holds no copy of what the visitor wrote.
 */
export const notificationMail = mailKind<NotificationSubject>({
  name: "notification",
  audience: "artist",
  async load(env, mail, known) {
    const kind = mail.topic as SubmissionKindName;
    const given = known as NotificationSubject | undefined;
    if (given && given.kind === kind && given.row.id === mail.subjectId) return given;
    const row = await findSubmission(env.DB, kind, mail.subjectId);
    return row ? { kind, row } : dropMail("failed", "the submission no longer exists");
  },
  async render(env, subject, _mail, settings) {
    return renderNotification(subject, settings.siteUrl, await referenceTexts(env.DB, subject));
  },
  push({ kind, row }, _mail, settings) {
    const request = kind === "consultation";
    const said = String((request ? row.tattooIdea : row.message) ?? "");
    return {
      topic: "new-request",
      title: `${request ? "New request" : "New message"} from ${firstNameOf(row.name)}`,
      body: noticeLine(said) || "Open it in the inbox.",
      url: cardUrl(settings.siteUrl, row.id, request ? "consultations" : "contacts"),
      tag: `new-${row.id}`,
    };
  },
});

/**
 * Tries to deliver one queued notification, right after its submission is saved. Never throws:
 * every outcome is written to its row, so a delivery problem can never turn the visitor's saved
 * submission into an error.
 */
export function deliverNotification(
  env: Env,
  mailId: string,
  options: Omit<DeliveryOptions, "only" | "limit"> = {},
): Promise<MailOutcome | "skipped"> {
  return deliverOne(env, notificationMail, mailId, options);
}

/** The cron's pass over the notifications: every due one, oldest first, one at a time. */
export const deliverDueNotifications = delivererOf(notificationMail);

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
