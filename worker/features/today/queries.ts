import { latestOfRequest } from "../../platform/db/latest-of-request";

/**
 * What the artist's Today screen reads, in one batch of plain reads across the request's tables
 * (each feature still owns its writes). Every list is bounded: Today is a glance, and each line
 * leads to the request's card, where the rest is.
 */

type WaitingRequest = {
  id: string;
  name: string;
  createdAt: string;
  status: string;
  quote: "sent" | "accepted" | "withdrawn" | null;
  deposit: "paid" | "forfeited" | "half-kept" | "refunded" | null;
  booking: "booked" | "completed" | "cancelled" | null;
};

type UnreadAnswer = {
  id: string;
  name: string;
  unread: number;
  lastAt: string;
};

type PaidDeposit = {
  id: string;
  name: string;
  amountCents: number;
  paidAt: string;
};

type DaySession = {
  id: string;
  bookingId: string;
  name: string;
  startsAt: string;
  endsAt: string;
  releaseSigned: number;
};

type NewMessage = {
  id: string;
  name: string;
  createdAt: string;
};

export async function todayRows(d1: D1Database, window: { sessionsFrom: string; sessionsTo: string }) {
  const [waiting, answers, deposits, sessions, messages, waitlist] = await d1.batch([
    // Requests still at the start of their path (new, or marked contacted with nothing after).
    d1.prepare(
      `SELECT r.id, r.name, r.created_at AS createdAt, r.status,
         ${latestOfRequest("quotes", "status")} AS quote,
         ${latestOfRequest("deposits", "status")} AS deposit,
         ${latestOfRequest("bookings", "status")} AS booking
       FROM consultation_requests r
       WHERE r.status = 'pending'
       ORDER BY r.created_at ASC LIMIT 50`,
    ),
    // Clients' answers she has not opened, by request.
    d1.prepare(
      `SELECT r.id, r.name, COUNT(*) AS unread, MAX(m.created_at) AS lastAt
       FROM request_messages m JOIN consultation_requests r ON r.id = m.submission_id
       WHERE m.author = 'client' AND m.read_at IS NULL
       GROUP BY r.id ORDER BY lastAt DESC LIMIT 50`,
    ),
    // Deposits received with no session booked on them yet: the client is choosing a time.
    d1.prepare(
      `SELECT r.id, r.name, d.amount_cents AS amountCents, d.paid_at AS paidAt
       FROM deposits d JOIN consultation_requests r ON r.id = d.submission_id
       WHERE d.status = 'paid' AND r.status NOT IN ('cancelled', 'completed')
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.submission_id = r.id AND b.status = 'booked')
         AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.submission_id = r.id AND b.quote_id = d.quote_id
                         AND b.status = 'completed')
       ORDER BY d.paid_at DESC LIMIT 50`,
    ),
    // Sessions of the days shown, with whether the client signed the release form.
    d1
      .prepare(
        `SELECT r.id, b.id AS bookingId, r.name, b.starts_at AS startsAt, b.ends_at AS endsAt,
         EXISTS (SELECT 1 FROM release_forms f WHERE f.booking_id = b.id) AS releaseSigned
       FROM bookings b JOIN consultation_requests r ON r.id = b.submission_id
       WHERE b.status = 'booked' AND b.starts_at >= ? AND b.starts_at < ?
       ORDER BY b.starts_at ASC LIMIT 100`,
      )
      .bind(window.sessionsFrom, window.sessionsTo),
    // New contact messages.
    d1.prepare(
      `SELECT id, name, created_at AS createdAt FROM contact_submissions
       WHERE status = 'unread' ORDER BY created_at DESC LIMIT 50`,
    ),
    d1.prepare("SELECT COUNT(*) AS waiting FROM waitlist_entries WHERE notified_at IS NULL"),
  ]);
  return {
    waiting: (waiting?.results ?? []) as WaitingRequest[],
    answers: (answers?.results ?? []) as UnreadAnswer[],
    deposits: (deposits?.results ?? []) as PaidDeposit[],
    sessions: (sessions?.results ?? []) as DaySession[],
    messages: (messages?.results ?? []) as NewMessage[],
    waitlist: ((waitlist?.results?.[0] as { waiting?: number } | undefined)?.waiting ?? 0) as number,
  };
}
