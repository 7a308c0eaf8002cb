/**
 * The e-mails about a booked session: the client's confirmation (with its calendar file's link),
 * the two reminders (and the one sent when a text reminder could not be), the notice of a cancellation, and the artist's word of each booking and
 * cancellation. Each is a row of the mail queue (kind "booking", the booking as its subject, one
 * of these as its topic); the queue's unique index makes each once per booking, so a reminder is
 * queued once however often the cron runs.
 */
export const bookingMailKinds = [
  "confirmation",
  "moved",
  "reminder-48",
  "reminder-24",
  // A text reminder the provider would not deliver, sent by e-mail instead (once a session).
  "reminder-fallback",
  "cancelled",
  "artist-booked",
  "artist-cancelled",
  "artist-moved",
] as const;
export type BookingMailKind = (typeof bookingMailKinds)[number];
