import { type AftercareDay, aftercareDay } from "../../../shared/content/aftercare-guide";
import { faq } from "../../../shared/content/faq";
import type { Facts } from "../../../shared/content-facts";
import { reviewLink } from "../../../shared/review-link";
import { ApiError } from "../../platform/api-error";
import { clientSignature, type MailProvider, type Notification } from "../../platform/mail";
import { deliverMail, dropMail, mailKind } from "../../platform/mail-queue";
import { studioDate, studioHour } from "../../platform/studio-clock";
import { publishedWithFacts } from "../content/facts";
import { conversationOf } from "../conversation/service";
import { openToken, statusUrl } from "../request-status/service";
import {
  aftercareMailSubject,
  choicesOf,
  latestCompletedBooking,
  queueAftercareMail,
  remindableBookings,
  setPortfolioPermission,
  setReminders,
} from "./queries";

/**
 * The client's aftercare after a completed session (docs/decisions/020-quote-to-healed.md,
 * "Aftercare"): which day of healing it is, in the studio's calendar, and, for a client who asked
 * for them, the reminder e-mails on days 1, 3, 14 and 30.
 */

/** The days a reminder goes out; the last one asks for a healed photo and a review. */
export const reminderDays = [1, 3, 14, 30] as const;
/** The last reminder's day. */
export const lastReminderDay = reminderDays[reminderDays.length - 1] ?? 30;
/** A reminder goes from this hour of its day (studio time): nobody's phone buzzes at midnight. */
const reminderHour = 9;

const dayMs = 86_400_000;

/**
 * Days since the session, counted in the studio's calendar: 0 on the session's own day, 1 from
 * the next midnight in America/New_York. Calendar dates, not 24-hour spans, so a daylight-saving
 * change between the session and today moves nothing.
 */
export function healingDay(completedAt: string, now: Date): number {
  const start = Date.parse(`${studioDate(new Date(completedAt))}T00:00:00Z`);
  const today = Date.parse(`${studioDate(now)}T00:00:00Z`);
  return Math.max(0, Math.round((today - start) / dayMs));
}

/**
 * The aftercare guide's figures and the FAQ's answer on infection, as the site publishes them
 * (the artist may have edited both); the built-in ones when nothing is published or it cannot be
 * read, so the aftercare never fails for want of content.
 */
async function aftercareGuide(env: Pick<Env, "DB">) {
  const { content, facts } = await publishedWithFacts(env);
  const infection = content.faq.items.find((entry) => entry.id === "infection")?.answer;
  return {
    facts: facts.aftercareFacts,
    whenToCall: facts.fillFacts(infection ?? faq.find((entry) => entry.id === "infection")?.answer ?? ""),
    studio: facts.studio,
  };
}

/** What the page and the e-mails say about a day of healing. */
export async function aftercareOn(env: Pick<Env, "DB">, completedAt: string, now: Date) {
  const guide = await aftercareGuide(env);
  return { ...aftercareDay(healingDay(completedAt, now), guide.facts), whenToCall: guide.whenToCall };
}

/** The studio's review page for every client who is asked: the same link for all. */
export const reviewLinkOf = (env: Pick<Env, "GOOGLE_PLACE_ID">, studio: Facts["studio"]) =>
  reviewLink(env.GOOGLE_PLACE_ID || undefined, studio);

/**
 * Queues the reminders that are due: for each request whose client asked for them, its latest
 * completed session, on days 1, 3, 14 and 30 of its healing, from 9 AM studio time that day. Only
 * the reminder of the day itself: a client who opts in on day 10 is not sent days 1 and 3 late.
 * A reminder already queued is left alone, so a second cron run the same day adds nothing.
 */
async function queueAftercareReminders(env: Pick<Env, "DB">, now: Date): Promise<number> {
  if (studioHour(now) < reminderHour) return 0;
  const since = new Date(now.getTime() - (lastReminderDay + 2) * dayMs).toISOString();
  const seen = new Set<string>();
  let queued = 0;
  for (const booking of await remindableBookings(env.DB, since)) {
    // Newest first: a request's first row is its latest session, whose healing counts.
    if (seen.has(booking.submissionId) || !booking.completedAt) continue;
    seen.add(booking.submissionId);
    const day = healingDay(booking.completedAt, now);
    if (!(reminderDays as readonly number[]).includes(day)) continue;
    if (
      await queueAftercareMail(env.DB, {
        submissionId: booking.submissionId,
        bookingId: booking.id,
        day,
        now: now.toISOString(),
      })
    )
      queued++;
  }
  return queued;
}

/**
 * A reminder, plain text: the day's stage and checklist from the guide, and the status page's
 * link for the rest. Day 30 invites a photo of the healed tattoo into the conversation and asks
 * for a review, of every client who gets it, whatever they thought of the work.
 */
function renderAftercareMail(
  input: {
    name: string;
    email: string;
    day: AftercareDay;
    link: string | null;
    reviewUrl: string;
    studio: Facts["studio"];
  },
  settings: { to: string },
): Notification {
  const { day, link } = input;
  const lines = [
    `Hi ${input.name},`,
    "",
    `Today is day ${day.day} of healing for your new tattoo: ${day.stage.name.toLowerCase()} (${day.stage.days.toLowerCase()}).`,
    day.stage.text,
    "",
    "Today's checklist:",
    ...day.checklist.map((item) => `- ${item}`),
  ];
  if (day.day >= lastReminderDay) {
    lines.push(
      "",
      "How did it heal? We would love to see it: send a photo of your healed tattoo in daylight as an answer on your request's page.",
      "",
      `Would you also tell others about your experience, whatever it was? A few honest words help the studio and anyone choosing an artist: ${input.reviewUrl}`,
    );
  }
  lines.push(
    "",
    link
      ? `Your aftercare for today, and what to watch for, on your request's private page:\n${link}`
      : "Your aftercare for today, and what to watch for, is on your request's private page, through the link in our first e-mail.",
    "",
    "You asked for these reminders on that page, where you can stop them at any time.",
    "",
    ...clientSignature(input.studio),
  );
  return {
    to: input.email,
    replyTo: settings.to,
    fromName: input.studio.name,
    subject:
      day.day >= lastReminderDay
        ? "Day 30: how did your tattoo heal?"
        : `Day ${day.day} of healing: today's aftercare`,
    text: lines.join("\n"),
  };
}

type AftercareSubject = Awaited<ReturnType<typeof aftercareMailSubject>> & {
  request: NonNullable<Awaited<ReturnType<typeof aftercareMailSubject>>["request"]>;
};

/**
 * A reminder of a completed session (its day of healing the topic), through the client mail
 * provider. A reminder whose client opted out after it was queued is stopped, not sent.
 */
const aftercareMail = mailKind<AftercareSubject>({
  name: "aftercare",
  audience: "visitor",
  async load(env, mail) {
    const subject = await aftercareMailSubject(env.DB, mail.requestId ?? "");
    if (!subject.request) return dropMail("stopped", "request deleted");
    if (!subject.wantsReminders) return dropMail("stopped", "the client opted out");
    return { ...subject, request: subject.request };
  },
  async render(env, { request, sealedToken }, mail, settings) {
    // A link revoked or never sealed still lets the e-mail go, without the link.
    const link = sealedToken
      ? statusUrl(settings.siteUrl, await openToken(env.JWT_SECRET, sealedToken))
      : null;
    const guide = await aftercareGuide(env);
    return renderAftercareMail(
      {
        name: request.name,
        email: request.email,
        // Its own day, even when a retry sends it a day late.
        day: aftercareDay(Number(mail.topic), guide.facts),
        link,
        reviewUrl: reviewLinkOf(env, guide.studio),
        studio: guide.studio,
      },
      settings,
    );
  },
});

/** The cron's aftercare pass: queue today's reminders, then send what is due. */
export async function runAftercareReminders(env: Env, now: Date, options: { provider?: MailProvider } = {}) {
  const queued = await queueAftercareReminders(env, now);
  const delivered = await deliverMail(env, [aftercareMail], { now, ...options });
  return { queued, ...delivered };
}

/**
 * A client's choice on their status page: the reminder e-mails, or the permission to show the
 * healed tattoo. Each is kept with its time and can be changed back at any time; both belong to
 * a healing tattoo, so before a session is done there is nothing to choose (409).
 */
export async function recordAftercareChoice(
  db: D1Database,
  submissionId: string,
  what: "reminders" | "portfolio",
  on: boolean,
  now: Date,
): Promise<void> {
  if (!(await latestCompletedBooking(db, submissionId))) {
    throw new ApiError(409, "Aftercare starts once your session is done.");
  }
  const record = what === "reminders" ? setReminders : setPortfolioPermission;
  await record(db, submissionId, on, now.toISOString());
}

/** A request's aftercare as the artist sees it: the healing day, the client's choices and images. */
export async function aftercareOf(env: Env, submissionId: string, now: Date) {
  const [booking, choices, messages] = await Promise.all([
    latestCompletedBooking(env.DB, submissionId),
    choicesOf(env.DB, submissionId),
    conversationOf(env, submissionId),
  ]);
  return {
    completedAt: booking?.completedAt ?? null,
    day: booking ? healingDay(booking.completedAt, now) : null,
    reminders: { since: choices?.remindersSince ?? null, stoppedAt: choices?.remindersStoppedAt ?? null },
    portfolio: {
      allowedAt: choices?.portfolioAllowedAt ?? null,
      withdrawnAt: choices?.portfolioWithdrawnAt ?? null,
      pieceIds: choices?.portfolioPieceIds ?? [],
    },
    images: messages
      .filter((message) => message.author === "client")
      .flatMap((message) =>
        message.images.map((image) => ({ ...image, messageId: message.id, sentAt: message.createdAt })),
      ),
  };
}

/** The client's choices and the session they follow, as the status page's part reads them. */
export { choicesOf, latestCompletedBooking } from "./queries";
