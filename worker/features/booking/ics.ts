import type { Facts } from "../../../shared/content-facts";
import type { Booking } from "../../platform/db/schema";
/**
 * A booked session as an iCalendar file (RFC 5545), for the client's own calendar app: one
 * VEVENT with its times in UTC (so no VTIMEZONE is needed: the app shows them in its own zone),
 * lines ended by CRLF and folded at 75 octets, text values escaped.
 */

export interface SessionEvent {
  /** The event's UID, stable across downloads and moves (the first booking's id). */
  id: string;
  /** Its revision: one more with each move, and with the cancellation (RFC 5545 SEQUENCE). */
  sequence: number;
  startsAt: string;
  endsAt: string;
  /** When the booking was made (DTSTAMP). */
  stampedAt: string;
  cancelled: boolean;
  location: string;
  /** The request's private page. */
  statusUrl: string;
  /** The domain part of the UID. */
  domain: string;
  summary: string;
  /** The studio as the live version names it: the event's organizer. */
  organizer: { name: string; email: string };
}

/** A booking as the calendar's event: the one shape the download and the e-mails both use. */
export function bookingEvent(
  booking: Pick<
    Booking,
    "id" | "startsAt" | "endsAt" | "createdAt" | "cancelledAt" | "status" | "calendarUid" | "calendarSequence"
  >,
  input: { facts: Pick<Facts, "studio" | "addressLine">; statusUrl: string; siteUrl: string },
): SessionEvent {
  const { studio, addressLine } = input.facts;
  const cancelled = booking.status === "cancelled";
  return {
    id: booking.calendarUid ?? booking.id,
    sequence: booking.calendarSequence + (cancelled ? 1 : 0),
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    stampedAt: booking.cancelledAt ?? booking.createdAt,
    cancelled,
    location: `${studio.name}, ${addressLine}`,
    statusUrl: input.statusUrl,
    domain: new URL(input.siteUrl).hostname,
    summary: `Tattoo session at ${studio.name}`,
    organizer: { name: studio.name, email: studio.email },
  };
}

/** 2026-03-14T17:00:00.000Z -> 20260314T170000Z */
export const icsTime = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545, 3.3.11). */
export const icsText = (value: string) =>
  value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

const encoder = new TextEncoder();

/** Folds a content line into chunks of at most 75 octets, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const chunks: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // Continuation lines start with a space, which counts in their 75.
    const limit = chunks.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      chunks.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  chunks.push(current);
  return chunks.join("\r\n ");
}

/**
 * The calendar file: PUBLISH for the session as it stands (a moved one under the same UID with a
 * higher SEQUENCE, which calendar apps apply to the event they have), CANCEL for a cancelled one
 * (same UID, which removes it).
 */
export function sessionIcs(event: SessionEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Gilded Needle Tattoo//Booked session//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.cancelled ? "CANCEL" : "PUBLISH"}`,
    "BEGIN:VEVENT",
    `UID:${event.id}@${event.domain}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${icsTime(event.stampedAt)}`,
    `ORGANIZER;CN="${event.organizer.name.replace(/["\\]/g, "")}":mailto:${event.organizer.email}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(event.summary)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(
      `Your tattoo session. To move or cancel it, or to message the artist, open your request's private page: ${event.statusUrl}\nBring a government photo ID.`,
    )}`,
    `URL:${event.statusUrl}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
