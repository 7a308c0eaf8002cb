import { bookingFacts, policies, studio } from "../../../shared/studio";
import type { BookingMailKind } from "../../db/booking-mail-tables";
import {
  claimBookingMail,
  depositOf,
  dueBookingMail,
  queueDueReminders,
  settleBookingMail,
} from "../../db/queries/bookings";
import type { Booking } from "../../db/schema";
import { log } from "../../lib/log";
import { studioTime } from "../../platform/studio-clock";
import { mailSettings } from "../config";
import { type MailAttachment, type MailProvider, mailProviderFor, type Notification } from "../mail";
import { afterFailedSend } from "../outbox";
import { openToken, statusUrl } from "../status-links";
import { studioAddressLine } from "./bookings";
import { bookingEvent, sessionIcs } from "./ics";

/**
 * The e-mails about a booked session, plain text like every e-mail to a client: the time, where,
 * and the private page's link (with the calendar file's), never more of the request than that.
 */

const leaseMs = 2 * 60_000;

const clientKinds: readonly BookingMailKind[] = ["confirmation", "reminder-48", "reminder-24", "cancelled"];

/** The client's e-mails about a session that no longer stands are dropped, never sent late. */
const needsLiveBooking: readonly BookingMailKind[] = ["confirmation", "reminder-48", "reminder-24"];

const signature = [studio.name, `${studio.phone.display} · ${studio.email}`];

function whenLine(booking: Booking): string {
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
    siteUrl: string;
    studioTo: string;
    /** The session as a calendar file, for the client's e-mails that change their calendar. */
    calendar: MailAttachment | null;
  },
): Notification {
  const { booking, link } = input;
  const page = link
    ? [`Your request's private page: ${link}`, `Add it to your calendar: ${link}/booking.ics`]
    : ["Your request's private page is in the first e-mail we sent you."];
  const client = (subject: string, body: string[], withCalendar = false): Notification => ({
    ...(withCalendar && input.calendar ? { attachments: [input.calendar] } : {}),
    to: input.email,
    replyTo: input.studioTo,
    fromName: studio.name,
    subject,
    text: [`Hi ${input.name},`, "", ...body, "", ...page, "", ...signature].join("\n"),
  });
  const where = `${studio.address.street}, ${studio.address.locality}, ${studio.address.region} ${studio.address.postalCode}`;
  const card = new URL(
    `/admin/consultations?open=${encodeURIComponent(booking.submissionId)}`,
    input.siteUrl,
  ).toString();
  switch (kind) {
    case "confirmation":
      return client(
        "Your tattoo session is booked",
        [
          "Your session is booked:",
          "",
          whenLine(booking),
          `At the studio: ${where}`,
          "",
          `Bring a government photo ID. ${bookingFacts.beforeYourSession}`,
          "",
          "Moving or cancelling, from your request's page:",
          ...policies.cancellation.map((tier) => `- ${tier}`),
        ],
        true,
      );
    case "reminder-48":
      return client("Your tattoo session is in two days", [
        "A reminder of your session:",
        "",
        whenLine(booking),
        `At the studio: ${where}`,
        "",
        "From now on, cancelling keeps half of your deposit, and under 24 hours all of it.",
      ]);
    case "reminder-24":
      return client("Your tattoo session is tomorrow", [
        "See you soon:",
        "",
        whenLine(booking),
        `At the studio: ${where}`,
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

/**
 * The cron's pass: queues the reminders that fell due (each once, whatever the cron missed),
 * then sends every booking e-mail that is due, with the outbox's backoff and attempt limit.
 * Never throws: each outcome is written to the e-mail's row.
 */
export async function deliverBookingMail(
  env: Env,
  options: { now?: Date; provider?: MailProvider; limit?: number } = {},
): Promise<{ queued: number; sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const settings = mailSettings(env);
  const tally = { queued: 0, sent: 0, failed: 0 };
  try {
    tally.queued = await queueDueReminders(env.DB, now.toISOString());
  } catch (error) {
    log("error", "reminders not queued", { error: errorText(error) });
  }
  const due = await dueBookingMail(env.DB, now.toISOString(), options.limit ?? 20);
  for (const { id } of due) {
    let claimed: Awaited<ReturnType<typeof claimBookingMail>>;
    try {
      claimed = await claimBookingMail(
        env.DB,
        id,
        now.toISOString(),
        new Date(now.getTime() + leaseMs).toISOString(),
      );
    } catch (error) {
      log("error", "booking e-mail claim failed", { mailId: id, error: errorText(error) });
      continue;
    }
    if (!claimed) continue;
    const { mail, booking, request } = claimed;
    if (!booking || !request) {
      await settleBookingMail(env.DB, id, { status: "failed", error: "request deleted" });
      continue;
    }
    if (needsLiveBooking.includes(mail.kind) && booking.status !== "booked") {
      await settleBookingMail(env.DB, id, { status: "failed", error: "the session no longer stands" });
      continue;
    }
    const audience = clientKinds.includes(mail.kind) ? "visitor" : "artist";
    const provider = options.provider ?? mailProviderFor(env, settings, `booking-${id}`, audience);
    try {
      const link = claimed.sealedToken
        ? statusUrl(settings.siteUrl, await openToken(env.JWT_SECRET, claimed.sealedToken))
        : null;
      const deposit = mail.kind.endsWith("cancelled") ? await depositOf(env.DB, booking.submissionId) : null;
      // The confirmation adds the session to the client's calendar, the cancellation takes it
      // off (the same UID, marked cancelled): both carry the calendar file.
      const calendar: MailAttachment | null =
        mail.kind === "confirmation" || mail.kind === "cancelled"
          ? {
              filename: "tattoo-session.ics",
              contentType: "text/calendar; method=PUBLISH",
              content: sessionIcs(
                bookingEvent(booking, {
                  location: await studioAddressLine(env.DB),
                  statusUrl: link ?? settings.siteUrl,
                  siteUrl: settings.siteUrl,
                }),
              ),
            }
          : null;
      await provider.send(
        renderBookingMail(mail.kind, {
          booking,
          name: request.name,
          email: request.email,
          link,
          depositStatus: deposit?.status ?? null,
          siteUrl: settings.siteUrl,
          studioTo: settings.to,
          calendar,
        }),
      );
      await settleBookingMail(env.DB, id, { status: "sent" });
      tally.sent++;
    } catch (error) {
      await settleBookingMail(env.DB, id, afterFailedSend(errorText(error), mail.attempts, settings, now));
      tally.failed++;
      log("warn", "booking e-mail not sent", {
        mailId: id,
        attempts: mail.attempts,
        error: errorText(error),
      });
    }
  }
  return tally;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
