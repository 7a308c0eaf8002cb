import { findSubmission } from "../requests/lookup";
import { addressesOf, historyRows, knownAddress, mergeAddress, unmergeAddress } from "./queries";

/**
 * A client's history (docs/decisions/032-client-history.md): every request, message, quote,
 * deposit and session sent from their addresses, grouped by person, read live from each row
 * (nothing copied, so each keeps its own retention). A person is an e-mail address, with any
 * second address the artist merged into it.
 */

const normal = (email: string) => email.trim().toLowerCase();

/** The history of the client behind a consultation request; null when the request is unknown. */
export async function historyOfRequest(db: D1Database, requestId: string) {
  const request = await findSubmission(db, "consultation", requestId);
  if (!request) return null;
  const addresses = await addressesOf(db, normal(request.email));
  const rows = await historyRows(db, addresses.all);
  return {
    email: addresses.primary,
    emails: addresses.all,
    requests: rows.requests.map((row) => ({
      ...row,
      current: row.id === requestId,
      sessions: rows.sessions.filter((session) => session.requestId === row.id),
    })),
    messages: rows.messages,
  };
}

export type MergeOutcome = "merged" | "unknown-request" | "unknown-address" | "same";

/** Merges a second address into the client of a request; the address must have sent something. */
export async function mergeIntoRequestClient(
  db: D1Database,
  requestId: string,
  email: string,
  now: Date,
): Promise<MergeOutcome> {
  const request = await findSubmission(db, "consultation", requestId);
  if (!request) return "unknown-request";
  const { primary, all } = await addressesOf(db, normal(request.email));
  const other = normal(email);
  if (all.includes(other)) return "same";
  if (!(await knownAddress(db, other))) return "unknown-address";
  await mergeAddress(db, other, primary, now.toISOString());
  return "merged";
}

export const unmerge = (db: D1Database, email: string) => unmergeAddress(db, normal(email));
