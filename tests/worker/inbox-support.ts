import { env } from "cloudflare:test";
import { drizzle } from "drizzle-orm/d1";
import { expect } from "vitest";
import { consultationRequests, contactSubmissions } from "../../worker/platform/db/schema";
import { send } from "./admin-support";
import { emptyTables } from "./support";

const db = () => drizzle(env.DB);

/** Both inboxes emptied, for a file whose tests count or search every row. */
export async function emptyInboxes() {
  await emptyTables("consultation_requests", "contact_submissions");
}

/** A moment some minutes ago, as stored. */
export const iso = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();

/**
 * Writes one row into an inbox's table: a fresh id and the given defaults, any field overridden;
 * returns the row as written.
 */
function inboxRow<T extends typeof consultationRequests | typeof contactSubmissions, D>(
  table: T,
  defaults: () => D,
) {
  return async (values: Partial<T["$inferInsert"]> = {}) => {
    const row = { id: crypto.randomUUID(), ...defaults(), ...values } as { id: string } & D &
      T["$inferInsert"];
    await db().insert(table).values(row);
    return row;
  };
}

export const addConsultation = inboxRow(consultationRequests, () => ({
  name: "Dana Whitfield",
  email: "dana@example.test",
  phone: "301-555-0101",
  tattooIdea: "A fine-line peony on the forearm",
  size: "medium",
  placement: "forearm",
  timeframe: "1-2 months",
  experience: "some",
  budget: "$300-600",
  availability: "weekends",
  createdAt: iso(10),
}));

export const addContact = inboxRow(contactSubmissions, () => ({
  name: "Sam Ortiz",
  email: "sam@example.test",
  message: "Do you do cover-ups?",
  createdAt: iso(5),
}));

/**
 * Many consultation requests at once, each row (id, name, email, phone, idea, status, created_at),
 * in batched statements of 14 rows: 7 bound parameters a row, under D1's 100 a statement.
 */
export async function insertRequestRows(rows: string[][]): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (let start = 0; start < rows.length; start += 14) {
    const chunk = rows.slice(start, start + 14);
    statements.push(
      env.DB.prepare(
        `INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, status, created_at) VALUES ${chunk
          .map(() => "(?, ?, ?, ?, ?, ?, ?)")
          .join(", ")}`,
      ).bind(...chunk.flat()),
    );
  }
  await env.DB.batch(statements);
}

/** The part of a list answer these tests read. */
export type InboxPage = {
  items: { id: string; status: string; highlights?: { field: string; segments: Segment[] }[] }[];
  nextCursor: string | null;
  counts: Record<string, number>;
  totals: Record<string, number>;
};
export type Segment = { text: string; match: boolean };

/** One page of an inbox list (`collection`: consultations or contacts) as the admin asks for it. */
export async function inboxPage(cookie: string, collection: string, query = ""): Promise<InboxPage> {
  const response = await send("GET", `/api/admin/${collection}?${query}`, cookie);
  expect(response.status).toBe(200);
  return (await response.json()) as InboxPage;
}
