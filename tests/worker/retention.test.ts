import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { enforceMetricsRetention, enforceRetention, type RetentionResult } from "../../worker/retention";

const now = new Date("2026-06-15T12:00:00.000Z");
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString();

async function addContact(id: string, createdAt: string) {
  await env.DB.prepare(
    "INSERT INTO contact_submissions (id, name, email, message, created_at, updated_at) VALUES (?, 'Ana Lee', 'ana@example.com', 'Question about a small piece.', ?, ?)",
  )
    .bind(id, createdAt, createdAt)
    .run();
}

async function addConsultation(id: string, createdAt: string) {
  await env.DB.prepare(
    "INSERT INTO consultation_requests (id, name, email, phone, tattoo_idea, created_at, updated_at) VALUES (?, 'Ben Ode', 'ben@example.com', '3015550100', 'A compass on my forearm, fine-line.', ?, ?)",
  )
    .bind(id, createdAt, createdAt)
    .run();
}

/** The result for one table, whatever the order of the rules. */
const forTable = (results: RetentionResult[], table: string) => results.find((r) => r.table === table);

const ids = async (table: string) =>
  (await env.DB.prepare(`SELECT id FROM ${table} ORDER BY id`).all<{ id: string }>()).results.map(
    (r) => r.id,
  );

describe("retention", () => {
  beforeEach(async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await env.DB.exec(
      "DELETE FROM mail_queue; DELETE FROM contact_submissions; DELETE FROM consultation_requests;",
    );
  });

  it("removes contact messages older than 2 years and consultations older than 3 years, nothing younger", async () => {
    await addContact("c-old", daysAgo(731));
    await addContact("c-keep", daysAgo(729));
    await addConsultation("q-old", daysAgo(1096));
    await addConsultation("q-keep", daysAgo(800));

    const results = await enforceRetention(env.DB, now);

    expect(await ids("contact_submissions")).toEqual(["c-keep"]);
    expect(await ids("consultation_requests")).toEqual(["q-keep"]);
    const removed = Object.fromEntries(results.map((r) => [r.table, r.removed]));
    expect(removed).toMatchObject({
      contact_submissions: 1,
      consultation_requests: 1,
      mail_queue: 0,
    });
  });

  it("keeps anonymous measurements 90 days", async () => {
    const add = (id: number, createdAt: string) =>
      env.METRICS_DB.prepare(
        "INSERT INTO web_vital_reports (id, name, value, rating, path, session_id, created_at) VALUES (?, 'LCP', 1800, 'good', '/', 's', ?)",
      )
        .bind(id, createdAt)
        .run();
    await add(1, daysAgo(91));
    await add(2, daysAgo(89));
    await enforceMetricsRetention(env.METRICS_DB, now);
    const left = await env.METRICS_DB.prepare("SELECT id FROM web_vital_reports").all<{ id: number }>();
    expect(left.results.map((r) => r.id)).toEqual([2]);
  });

  it("is bounded per run and drains a backlog over several runs; a further run changes nothing", async () => {
    for (let i = 0; i < 7; i++) await addContact(`old-${i}`, daysAgo(900 + i));
    await addContact("recent", daysAgo(1));

    const first = await enforceRetention(env.DB, now, { batchSize: 3 });
    expect(forTable(first, "contact_submissions")).toMatchObject({ removed: 3, more: true });
    await enforceRetention(env.DB, now, { batchSize: 3 });
    const third = await enforceRetention(env.DB, now, { batchSize: 3 });
    expect(forTable(third, "contact_submissions")).toMatchObject({ removed: 1, more: false });
    expect(await ids("contact_submissions")).toEqual(["recent"]);

    const again = await enforceRetention(env.DB, now, { batchSize: 3 });
    expect(forTable(again, "contact_submissions")?.removed).toBe(0);
    expect(await ids("contact_submissions")).toEqual(["recent"]);
  });

  it("keeps each day's measurement allowance two days", async () => {
    const allowance = (key: string, day: string) =>
      env.METRICS_DB.prepare("INSERT INTO measurement_quotas (key, day, count) VALUES (?, ?, 1)")
        .bind(key, day)
        .run();
    await allowance("old", daysAgo(3).slice(0, 10));
    await allowance("kept", daysAgo(1).slice(0, 10));
    await enforceMetricsRetention(env.METRICS_DB, now);
    const left = await env.METRICS_DB.prepare("SELECT key FROM measurement_quotas").all<{ key: string }>();
    expect(left.results.map((r) => r.key)).toEqual(["kept"]);
  });

  it("removes a notification's delivery record together with its expired submission", async () => {
    await addContact("c-old", daysAgo(800));
    await addContact("c-keep", daysAgo(10));
    const outbox = (id: string, submission: string) =>
      env.DB.prepare(
        "INSERT INTO mail_queue (id, kind, topic, subject_id, status, next_attempt_at, created_at, updated_at) VALUES (?, 'notification', 'contact', ?, 'sent', ?, ?, ?)",
      )
        .bind(id, submission, daysAgo(0), daysAgo(0), daysAgo(0))
        .run();
    await outbox("n-old", "c-old");
    await outbox("n-keep", "c-keep");
    await enforceRetention(env.DB, now);
    const left = await env.DB.prepare("SELECT id FROM mail_queue").all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(["n-keep"]);
  });

  it("logs what it removed as structured JSON without personal data", async () => {
    const logged = vi.spyOn(console, "log").mockImplementation(() => {});
    await addContact("c-old", daysAgo(800));
    await enforceRetention(env.DB, now);
    const lines = logged.mock.calls.map((call) => JSON.parse(String(call[0])));
    expect(lines).toContainEqual(
      expect.objectContaining({ message: "retention", table: "contact_submissions", removed: 1 }),
    );
    expect(JSON.stringify(lines)).not.toContain("ana@example.com");
  });
});

/**
 * One row in each table that belongs to a request: ?1 is the request's id (each row's own id is
 * made from it) and ?2 the moment the dated rows carry.
 */
const requestRowInserts = [
  "INSERT INTO request_status_links (id, submission_id, token_hash) VALUES ('link-' || ?1, ?1, 'hash-' || ?1)",
  "INSERT INTO request_messages (id, submission_id, author, body) VALUES ('message-' || ?1, ?1, 'client', 'Is May possible?')",
  "INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents) VALUES ('quote-' || ?1, ?1, 40000, 40000, 1, 180, 10000)",
  "INSERT INTO deposits (id, submission_id, quote_id, amount_cents, method, status) VALUES ('deposit-' || ?1, ?1, 'quote-' || ?1, 10000, 'by-hand', 'paid')",
  "INSERT INTO bookings (id, submission_id, quote_id, starts_at, ends_at, status) VALUES ('booking-' || ?1, ?1, 'quote-' || ?1, '2026-05-02T14:00:00.000Z', '2026-05-02T17:00:00.000Z', 'completed')",
  "INSERT INTO aftercare_choices (submission_id, reminders_since) VALUES (?1, ?2)",
  "INSERT INTO reference_images (id, token_hash, submission_id, type, width, height, attached_at) VALUES ('image-' || ?1, 'h', ?1, 'image/jpeg', 300, 300, ?2)",
];

/** Every row of requestRowInserts, for `requestId`. */
async function addRequestRows(requestId: string, at: string) {
  await env.DB.batch(
    requestRowInserts.map((sql) =>
      env.DB.prepare(sql).bind(...(sql.includes("?2") ? [requestId, at] : [requestId])),
    ),
  );
}

const ownTables = [
  "request_status_links",
  "request_messages",
  "quotes",
  "deposits",
  "bookings",
  "aftercare_choices",
] as const;

/** How many rows each of a request's own tables holds for it. */
async function rowsOf(requestId: string) {
  const counts: Record<string, number> = {};
  for (const table of ownTables) {
    counts[table] = Number(
      await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE submission_id = ?`)
        .bind(requestId)
        .first("n"),
    );
  }
  return counts;
}

const everyTable = (n: number) => Object.fromEntries(ownTables.map((table) => [table, n]));

describe("a request's own rows", () => {
  beforeEach(async () => {
    vi.spyOn(console, "log").mockImplementation(() => {});
    await env.DB.exec("DELETE FROM consultation_requests; DELETE FROM reference_images;");
  });

  it("go with the request when it is deleted, and another request's rows stay", async () => {
    await addConsultation("gone", daysAgo(10));
    await addConsultation("kept", daysAgo(10));
    await addRequestRows("gone", daysAgo(5));
    await addRequestRows("kept", daysAgo(5));
    expect(await rowsOf("gone")).toEqual(everyTable(1));

    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = 'gone'").run();

    expect(await rowsOf("gone")).toEqual(everyTable(0));
    expect(await rowsOf("kept")).toEqual(everyTable(1));
    // Its image is no longer shown with any request; the image sweep deletes its objects, then the row.
    const image = await env.DB.prepare(
      "SELECT submission_id, attached_at FROM reference_images WHERE id = 'image-gone'",
    ).first();
    expect(image).toEqual({ submission_id: null, attached_at: daysAgo(5) });
  });

  it("go with the request when retention deletes it for its age", async () => {
    await addConsultation("old", daysAgo(1096));
    await addRequestRows("old", daysAgo(1000));

    const results = await enforceRetention(env.DB, now);

    expect(forTable(results, "consultation_requests")?.removed).toBe(1);
    expect(await rowsOf("old")).toEqual(everyTable(0));
  });

  it("cannot name a request that does not exist", async () => {
    await expect(addRequestRows("never-sent", daysAgo(1))).rejects.toThrow(/FOREIGN KEY constraint failed/);
    expect(await rowsOf("never-sent")).toEqual(everyTable(0));
  });
});
