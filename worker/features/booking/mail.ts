import type { Facts } from "../../../shared/content-facts";
import { cardUrl } from "../../platform/admin-links";
import type { Booking } from "../../platform/db/schema";
import { log } from "../../platform/log";
import {
  clientSignature,
  type MailAttachment,
  type MailProvider,
  type Notification,
} from "../../platform/mail";
import { deliverMail, dropMail, type MailTally, mailKind } from "../../platform/mail-queue";
import { firstNameOf } from "../../platform/push";
import { studioTime } from "../../platform/studio-clock";
import { publishedFacts } from "../content/facts";
import { openToken, statusUrl } from "../request-status/service";
import { remindedByText } from "../texts";
import { bookingEvent, sessionIcs } from "./ics";
import { type BookingMailKind, bookingMailKinds } from "./mail-tables";
import { bookingMailSubject, depositOf, queueDueReminders } from "./queries";

/**
 * The e-mails about a booked session, plain text like every e-mail to a client: the time, where,
 * and the private page's link (with the calendar file's), never more of the request than that.
 */

/** Every e-mail but the artist's own word of a change goes to the client. */
const clientKinds: readonly BookingMailKind[] = bookingMailKinds.filter(
  (kind) => !kind.startsWith("artist-"),
);

/**
 * The client's e-mails about a session that no longer stands are dropped, never sent late: all
 * but the notice of its cancellation.
 */
const needsLiveBooking: readonly BookingMailKind[] = clientKinds.filter((kind) => kind !== "cancelled");

/** The e-mail reminders a client who has text reminders on does not get (the texts remind them). */
const remindersByText: readonly BookingMailKind[] = ["reminder-48", "reminder-24"];

function whenLine(booking: Pick<Booking, "startsAt" | "endsAt">): string {
  const minutes = Math.round((Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 60_000);
  const length = minutes % 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${studioTime(booking.startsAt)} (${length})`;
}

const depositWords: Record<string, string> = {
  paid: "Your deposit stays with the studio for your next date: book a new time on your request's page.",
  "half-kept":
    "With under 48 hours' notice, the studio keeps half of your deposit, as its booking policy says.",
  forfeited: "With under 24 hours' notice, the deposit is forfeited, as the studio's booking policy says.",
};

function renderBookingMail(
  kind: BookingMailKind,
  input: {
    booking: Booking;
    name: string;
    email: string;
    link: string | null;
    depositStatus: string | null;
    /** The time a moved session had before. */
    movedFrom: Pick<Booking, "startsAt" | "endsAt"> | null;
    siteUrl: string;
    studioTo: string;
    /** The session as a calendar file, for the client's e-mails that change their calendar. */
    calendar: MailAttachment | null;
    /** The studio's published facts: its name, address, policies and signature. */
    facts: Facts;
  },
): Notification {
  const { booking, link } = input;
  const { studio, bookingFacts, policies } = input.facts;
  const page = link
    ? [`Your request's private page: ${link}`, `Add it to your calendar: ${link}/booking.ics`]
    : ["Your request's private page is in the first e-mail we sent you."];
  const client = (subject: string, body: string[], withCalendar = false): Notification => ({
    ...(withCalendar && input.calendar ? { attachments: [input.calendar] } : {}),
    to: input.email,
    replyTo: input.studioTo,
    fromName: studio.name,
    subject,
    text: [`Hi ${input.name},`, "", ...body, "", ...page, "", ...clientSignature(studio)].join("\n"),
  });
  const where = input.facts.addressLine;
  // The session's time and place, under a line that says what became of it.
  const session = (heading: string, ...after: string[]) => [
    heading,
    "",
    whenLine(booking),
    ...after,
    `At the studio: ${where}`,
  ];
  const card = cardUrl(input.siteUrl, booking.submissionId);
  switch (kind) {
    case "confirmation":
      return client(
        "Your tattoo session is booked",
        [
          ...session("Your session is booked:"),
          "",
          `Bring a government photo ID. ${bookingFacts.beforeYourSession}`,
          "",
          "Moving or cancelling, from your request's page:",
          ...policies.cancellation.map((tier) => `- ${tier}`),
        ],
        true,
      );
    case "moved":
      return client(
        "Your tattoo session has moved",
        [
          ...session(
            "Your session has moved to:",
            ...(input.movedFrom ? [`(It was ${whenLine(input.movedFrom)}.)`] : []),
          ),
          "",
          "The calendar file attached moves the session in your calendar; your deposit stays with it.",
        ],
        true,
      );
    case "reminder-48":
      return client("Your tattoo session is in two days", [
        ...session("A reminder of your session:"),
        "",
        "From now on, cancelling keeps half of your deposit, and under 24 hours all of it.",
      ]);
    case "reminder-fallback":
      return client("Your tattoo session is coming up", [
        ...session("A reminder of your session:"),
        "",
        "We could not reach your phone by text, so this reminder comes by e-mail, and so will any others.",
      ]);
    case "reminder-24":
      return client("Your tattoo session is tomorrow", [
        ...session("See you soon:"),
        "",
        `Bring a government photo ID. ${bookingFacts.beforeYourSession}`,
      ]);
    case "cancelled":
      return client(
        "Your tattoo session was cancelled",
        [
          `Your session of ${whenLine(booking)} is cancelled.`,
          "",
          depositWords[input.depositStatus ?? "paid"] ?? "",
        ],
        true,
      );
    case "artist-booked":
      return {
        subject: `Session booked: ${input.name}, ${studioTime(booking.startsAt)}`,
        replyTo: input.email,
        text: [`${input.name} booked a session:`, "", whenLine(booking), "", `The request: ${card}`].join(
          "\n",
        ),
      };
    case "artist-moved":
      return {
        subject: `Session moved: ${input.name}, now ${studioTime(booking.startsAt)}`,
        replyTo: input.email,
        text: [
          `${input.name} moved their session to:`,
          "",
          whenLine(booking),
          ...(input.movedFrom ? [`(It was ${whenLine(input.movedFrom)}.)`] : []),
          "",
          `The request: ${card}`,
        ].join("\n"),
      };
    case "artist-cancelled":
      return {
        subject: `Session cancelled: ${input.name}, ${studioTime(booking.startsAt)}`,
        replyTo: input.email,
        text: [
          `${input.name} cancelled their session of ${whenLine(booking)}.`,
          "",
          depositWords[input.depositStatus ?? "paid"] ?? "",
          "",
          `The request: ${card}`,
        ].join("\n"),
      };
  }
}

type BookingSubject = NonNullable<Awaited<ReturnType<typeof bookingMailSubject>>> & {
  request: NonNullable<Awaited<ReturnType<typeof bookingMailSubject>>>["request"] & object;
};

/**
 * A booking's e-mails: the booking is the subject, which e-mail is the topic. The client's
 * e-mails about a session that no longer stands are dropped, never sent late.
 */
const bookingMailKind = mailKind<BookingSubject>({
  name: "booking",
  audience: (_loaded, mail) => (clientKinds.includes(mail.topic as BookingMailKind) ? "visitor" : "artist"),
  async load(env, mail) {
    const subject = await bookingMailSubject(env.DB, mail.subjectId);
    if (!subject?.request) return dropMail("failed", "request deleted");
    const kind = mail.topic as BookingMailKind;
    if (needsLiveBooking.includes(kind) && subject.booking.status !== "booked")
      return dropMail("failed", "the session no longer stands");
    if (remindersByText.includes(kind) && (await remindedByText(env, subject.booking.submissionId)))
      return dropMail("stopped", "reminded by text");
    return { ...subject, request: subject.request };
  },
  async render(env, { booking, movedFrom, request, sealedToken }, mail, settings) {
    const kind = mail.topic as BookingMailKind;
    const link = sealedToken
      ? statusUrl(settings.siteUrl, await openToken(env.JWT_SECRET, sealedToken))
      : null;
    const deposit = kind.endsWith("cancelled") ? await depositOf(env.DB, booking.submissionId) : null;
    const facts = await publishedFacts(env);
    // The confirmation adds the session to the client's calendar, a move moves it (the same
    // UID, one revision more), the cancellation takes it off (the same UID, METHOD:CANCEL): each
    // carries the calendar file.
    const calendar: MailAttachment | null =
      kind === "confirmation" || kind === "moved" || kind === "cancelled"
        ? {
            filename: "tattoo-session.ics",
            contentType: `text/calendar; method=${kind === "cancelled" ? "CANCEL" : "PUBLISH"}`,
            content: sessionIcs(
              bookingEvent(booking, {
                facts,
                statusUrl: link ?? settings.siteUrl,
                siteUrl: settings.siteUrl,
              }),
            ),
          }
        : null;
    return renderBookingMail(kind, {
      booking,
      name: request.name,
      email: request.email,
      link,
      depositStatus: deposit?.status ?? null,
      movedFrom,
      siteUrl: settings.siteUrl,
      studioTo: settings.to,
      calendar,
      facts,
    });
  },
  push({ booking, request }, mail, settings) {
    const what = sessionNotices[mail.topic as BookingMailKind];
    if (!what) return null;
    return {
      topic: "session-changed",
      title: `${what}: ${firstNameOf(request.name)}`,
      body: whenLine(booking),
      url: cardUrl(settings.siteUrl, booking.submissionId),
      tag: `session-${booking.submissionId}`,
    };
  },
});

/** The client's changes to a session that reach the artist's phone, and how each notice begins. */
const sessionNotices: Partial<Record<BookingMailKind, string>> = {
  "artist-booked": "Session booked",
  "artist-moved": "Session moved",
  "artist-cancelled": "Session cancelled",
};

/**
 * The cron's pass (and the booking routes' after-response one): queues the reminders that fell
 * due (each once, whatever the cron missed), then sends every booking e-mail that is due.
 */
export async function deliverBookingMail(
  env: Env,
  options: { now?: Date; provider?: MailProvider; limit?: number } = {},
): Promise<{ queued: number } & MailTally> {
  const now = options.now ?? new Date();
  let queued = 0;
  try {
    queued = await queueDueReminders(env.DB, now.toISOString());
  } catch (error) {
    log("error", "reminders not queued", { error: error instanceof Error ? error.message : String(error) });
  }
  return { queued, ...(await deliverMail(env, [bookingMailKind], { ...options, now })) };
}
