import type { RequestJourney } from "../../../shared/request-lifecycle";
import { consultationKind } from "../../../shared/submission-kinds";

/** Where a request's quote, deposit and session stand (its latest of each), for `stateOf`. */
export async function journeyOf(d1: D1Database, submissionId: string): Promise<RequestJourney> {
  return (await journeysOf(d1, [submissionId])).get(submissionId) ?? noJourney;
}

const noJourney: RequestJourney = { quote: null, deposit: null, booking: null, sessionsLeft: 0 };

/**
 * Where each of `submissionIds`' quote, deposit and session stand (the latest of each), and how
 * many sessions of the accepted quote are still to be done, in one query: what `stateOf` reads.
 */
export async function journeysOf(d1: D1Database, submissionIds: readonly string[]) {
  const journeys = new Map<string, RequestJourney>();
  if (submissionIds.length === 0) return journeys;
  const { results } = await d1
    .prepare(
      `SELECT s.value AS id,
        (SELECT status FROM quotes WHERE submission_id = s.value ORDER BY created_at DESC LIMIT 1) AS quote,
        (SELECT status FROM bookings WHERE submission_id = s.value ORDER BY created_at DESC LIMIT 1) AS booking,
        (SELECT status FROM deposits WHERE submission_id = s.value AND paid_at IS NOT NULL
           ORDER BY paid_at DESC LIMIT 1) AS deposit,
        (SELECT q.sessions - (SELECT count(*) FROM bookings b WHERE b.quote_id = q.id AND b.status = 'completed')
           FROM quotes q WHERE q.submission_id = s.value AND q.status = 'accepted'
           ORDER BY q.created_at DESC LIMIT 1) AS sessionsLeft
      FROM json_each(?) s`,
    )
    .bind(JSON.stringify(submissionIds))
    .all<{
      id: string;
      quote: "sent" | "accepted" | "withdrawn" | null;
      booking: "booked" | "completed" | "cancelled" | null;
      deposit: "pending" | "paid" | "forfeited" | "half-kept" | "refunded" | null;
      sessionsLeft: number | null;
    }>();
  for (const row of results) {
    journeys.set(row.id, {
      quote: row.quote,
      booking: row.booking,
      deposit: row.deposit === "pending" ? null : row.deposit,
      sessionsLeft: Math.max(0, row.sessionsLeft ?? 0),
    });
  }
  return journeys;
}

/**
 * How many consultation requests received since `since` (every one when null) reached each later
 * stage: a quote sent, a deposit paid, a session booked, a session done. A request counts at a
 * stage it reached even if it went no further or was cancelled later, so each stage is a subset
 * of the one before. One query.
 */
export async function journeyCounts(d1: D1Database, since: string | null) {
  // Table names qualified by hand: in a correlated subquery a bare "id" would be the inner table's.
  const row = await d1
    .prepare(
      `SELECT count(*) AS requests,
        coalesce(sum(EXISTS (SELECT 1 FROM quotes q WHERE q.submission_id = s.id)), 0) AS quoted,
        coalesce(sum(EXISTS (SELECT 1 FROM deposits d WHERE d.submission_id = s.id AND d.paid_at IS NOT NULL)), 0) AS depositPaid,
        coalesce(sum(EXISTS (SELECT 1 FROM bookings b WHERE b.submission_id = s.id)), 0) AS booked,
        coalesce(sum(EXISTS (SELECT 1 FROM bookings b WHERE b.submission_id = s.id AND b.status = 'completed')), 0) AS completed
      FROM ${consultationKind.table} s
      WHERE ?1 IS NULL OR s.created_at >= ?1`,
    )
    .bind(since)
    .first<{ requests: number; quoted: number; depositPaid: number; booked: number; completed: number }>();
  return {
    requests: row?.requests ?? 0,
    quoted: row?.quoted ?? 0,
    depositPaid: row?.depositPaid ?? 0,
    booked: row?.booked ?? 0,
    completed: row?.completed ?? 0,
  };
}

/**
 * A stamp of everything about a request that either side can change (the request, its quotes,
 * deposits, sessions, release form, messages and aftercare choices): when it differs from the
 * last one read, the artist's open card reads the request again. One query; null for no request.
 */
export async function requestVersion(d1: D1Database, submissionId: string): Promise<string | null> {
  const row = await d1
    .prepare(
      `SELECT s.updated_at || '|' ||
        coalesce((SELECT max(max(created_at, coalesce(accepted_at, ''))) || count(*) FROM quotes WHERE submission_id = ?1), '') || '|' ||
        coalesce((SELECT max(max(created_at, coalesce(paid_at, ''), coalesce(settled_at, ''))) || count(*) || group_concat(status) FROM deposits WHERE submission_id = ?1), '') || '|' ||
        coalesce((SELECT max(max(created_at, coalesce(cancelled_at, ''), coalesce(completed_at, ''))) || count(*) || group_concat(status) FROM bookings WHERE submission_id = ?1), '') || '|' ||
        coalesce((SELECT max(signed_at) || count(*) FROM release_forms WHERE submission_id = ?1), '') || '|' ||
        coalesce((SELECT max(max(created_at, coalesce(read_at, ''))) || count(*) FROM request_messages WHERE submission_id = ?1), '') || '|' ||
        coalesce((SELECT updated_at FROM aftercare_choices WHERE submission_id = ?1), '') AS version
      FROM ${consultationKind.table} s WHERE s.id = ?1`,
    )
    .bind(submissionId)
    .first<{ version: string }>();
  return row?.version ?? null;
}
