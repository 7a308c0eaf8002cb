import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { deleteRows } from "../../platform/db/first-row";
import { latestOfRequest } from "../../platform/db/latest-of-request";
import { clientAliases } from "./tables";

/** The addresses that are one client with `email`: its primary and every address merged into it. */
export async function addressesOf(
  d1: D1Database,
  email: string,
): Promise<{ primary: string; all: string[] }> {
  const db = drizzle(d1);
  const [alias] = await db.select().from(clientAliases).where(eq(clientAliases.email, email));
  const primary = alias?.mergedInto ?? email;
  const merged = await db
    .select({ email: clientAliases.email })
    .from(clientAliases)
    .where(eq(clientAliases.mergedInto, primary));
  return { primary, all: [primary, ...merged.map((row) => row.email).filter((other) => other !== primary)] };
}

/** Merges `email` (and whatever was merged into it) into `into`. */
export async function mergeAddress(d1: D1Database, email: string, into: string, now: string) {
  const db = drizzle(d1);
  await db.batch([
    db.update(clientAliases).set({ mergedInto: into }).where(eq(clientAliases.mergedInto, email)),
    db
      .insert(clientAliases)
      .values({ email, mergedInto: into, createdAt: now })
      .onConflictDoUpdate({ target: clientAliases.email, set: { mergedInto: into, createdAt: now } }),
  ]);
}

export function unmergeAddress(d1: D1Database, email: string): Promise<boolean> {
  return deleteRows(d1, clientAliases, eq(clientAliases.email, email));
}

/** Whether any request or message was sent from one of these addresses. */
export async function knownAddress(d1: D1Database, email: string): Promise<boolean> {
  const row = await d1
    .prepare(
      `SELECT 1 FROM consultation_requests WHERE lower(email) = ?1
       UNION ALL SELECT 1 FROM contact_submissions WHERE lower(email) = ?1 LIMIT 1`,
    )
    .bind(email)
    .first();
  return row !== null;
}

type HistoryRequest = {
  id: string;
  email: string;
  createdAt: string;
  status: string;
  tattooIdea: string | null;
  adminNotes: string | null;
  quoteStatus: string | null;
  priceMinCents: number | null;
  priceMaxCents: number | null;
  depositStatus: string | null;
  depositCents: number | null;
  messages: number;
};

type HistorySession = {
  requestId: string;
  startsAt: string;
  endsAt: string;
  status: string;
  cancelledBy: string | null;
};

type HistoryMessage = {
  id: string;
  email: string;
  createdAt: string;
  status: string;
  message: string | null;
  adminNotes: string | null;
};

/** Everything sent from these addresses: requests with their quote, deposit and sessions, and messages. */
export async function historyRows(d1: D1Database, emails: readonly string[]) {
  const list = JSON.stringify(emails);
  const [requests, sessions, messages] = await d1.batch([
    d1
      .prepare(
        `SELECT r.id, r.email, r.created_at AS createdAt, r.status, r.tattoo_idea AS tattooIdea,
           r.admin_notes AS adminNotes,
           ${latestOfRequest("quotes", "status")} AS quoteStatus,
           ${latestOfRequest("quotes", "price_min_cents")} AS priceMinCents,
           ${latestOfRequest("quotes", "price_max_cents")} AS priceMaxCents,
           ${latestOfRequest("deposits", "status")} AS depositStatus,
           ${latestOfRequest("deposits", "amount_cents")} AS depositCents,
           (SELECT COUNT(*) FROM request_messages m WHERE m.submission_id = r.id) AS messages
         FROM consultation_requests r
         WHERE lower(r.email) IN (SELECT value FROM json_each(?))
         ORDER BY r.created_at DESC LIMIT 100`,
      )
      .bind(list),
    d1
      .prepare(
        `SELECT b.submission_id AS requestId, b.starts_at AS startsAt, b.ends_at AS endsAt, b.status,
           b.cancelled_by AS cancelledBy
         FROM bookings b JOIN consultation_requests r ON r.id = b.submission_id
         WHERE lower(r.email) IN (SELECT value FROM json_each(?))
           AND NOT (b.status = 'cancelled' AND b.cancelled_by = 'move')
         ORDER BY b.starts_at DESC LIMIT 200`,
      )
      .bind(list),
    d1
      .prepare(
        `SELECT id, email, created_at AS createdAt, status, message, admin_notes AS adminNotes
         FROM contact_submissions WHERE lower(email) IN (SELECT value FROM json_each(?))
         ORDER BY created_at DESC LIMIT 100`,
      )
      .bind(list),
  ]);
  return {
    requests: (requests?.results ?? []) as HistoryRequest[],
    sessions: (sessions?.results ?? []) as HistorySession[],
    messages: (messages?.results ?? []) as HistoryMessage[],
  };
}
