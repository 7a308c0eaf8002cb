import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { send, signedInEachTest } from "./admin-support";
import { addConsultation, addContact, emptyInboxes, inboxPage } from "./inbox-support";

/*
 * The inbox's figures (the tabs' totals, the status chips, a search's chips) are read from
 * counts that triggers keep, not recounted on every page. Whatever happens to the rows, what the
 * artist is shown must be what a recount finds.
 */

const admin = signedInEachTest();

beforeEach(async () => {
  await emptyInboxes();
});

const page = (collection: string, query = "") => inboxPage(admin.cookie, collection, query);

/** The chips as a recount of the table finds them (every status, and all). */
async function recount(table: string, statuses: readonly string[], where = "1") {
  const { results } = await env.DB.prepare(
    `SELECT status, count(*) AS n FROM ${table} WHERE ${where} GROUP BY status`,
  ).all<{ status: string; n: number }>();
  const counts: Record<string, number> = {};
  for (const status of statuses) counts[status] = results.find((row) => row.status === status)?.n ?? 0;
  return { ...counts, all: results.reduce((sum, row) => sum + row.n, 0) };
}

const consultationStatuses = ["pending", "contacted", "scheduled", "completed", "cancelled"];

describe("the inbox's figures follow every change", () => {
  it("as requests arrive, change status, and are deleted", async () => {
    const rows = [];
    for (const surname of ["Abbott", "Baker", "Castillo", "Duval", "Ellis", "Baker"]) {
      rows.push(await addConsultation({ name: `Wren ${surname}` }));
    }
    await addContact({ status: "read" });
    let shown = await page("consultations");
    expect(shown.counts).toEqual({
      pending: 6,
      contacted: 0,
      scheduled: 0,
      completed: 0,
      cancelled: 0,
      all: 6,
    });
    expect(shown.totals).toEqual({ consultations: 6, contacts: 1 });

    await send("PATCH", `/api/admin/consultations/${rows[0]?.id}`, admin.cookie, { status: "contacted" });
    await send("PATCH", `/api/admin/consultations/${rows[1]?.id}`, admin.cookie, { status: "scheduled" });
    await send("PATCH", `/api/admin/consultations/${rows[1]?.id}`, admin.cookie, { status: "scheduled" });
    await send("PATCH", `/api/admin/consultations/${rows[2]?.id}`, admin.cookie, {
      adminNotes: "a note only",
    });
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(rows[3]?.id).run();
    await env.DB.prepare("UPDATE consultation_requests SET status = 'cancelled' WHERE id = ?")
      .bind(rows[4]?.id)
      .run();

    shown = await page("consultations");
    const expected = await recount("consultation_requests", consultationStatuses);
    expect(expected).toEqual({ pending: 2, contacted: 1, scheduled: 1, completed: 0, cancelled: 1, all: 5 });
    expect(shown.counts).toEqual(expected);
    expect(shown.totals).toEqual({ consultations: 5, contacts: 1 });
    // A status filter shows the same chips, and a search counts its own matches by status.
    expect((await page("consultations", "status=contacted")).counts).toEqual(expected);
    expect((await page("consultations", "q=wren")).counts).toEqual(expected);
    const bakers = await recount("consultation_requests", consultationStatuses, "name = 'Wren Baker'");
    expect(bakers).toEqual({ pending: 1, contacted: 0, scheduled: 1, completed: 0, cancelled: 0, all: 2 });
    expect((await page("consultations", "q=baker")).counts).toEqual(bakers);
  });

  it("counts the contact inbox with its own statuses", async () => {
    await addContact({ status: "unread" });
    const read = await addContact({ status: "read" });
    await send("PATCH", `/api/admin/contacts/${read.id}`, admin.cookie, { status: "archived" });
    const shown = await page("contacts");
    expect(shown.counts).toEqual(
      await recount("contact_submissions", ["unread", "read", "responded", "archived"]),
    );
    expect(shown.counts).toEqual({ unread: 1, read: 0, responded: 0, archived: 1, all: 2 });
  });

  it("tells every status apart in a search's chips, for both inboxes", async () => {
    // A different number of rows in each status: a count read from the wrong place shows.
    const consultation = ["pending", "contacted", "scheduled", "completed", "cancelled"] as const;
    const contact = ["unread", "read", "responded", "archived"] as const;
    for (const [k, status] of consultation.entries()) {
      for (let i = 0; i <= k; i++) await addConsultation({ name: "Wren Field", status });
    }
    for (const [k, status] of contact.entries()) {
      for (let i = 0; i <= k; i++) await addContact({ name: "Wren Field", status });
    }
    expect((await page("consultations", "q=wren")).counts).toEqual({
      pending: 1,
      contacted: 2,
      scheduled: 3,
      completed: 4,
      cancelled: 5,
      all: 15,
    });
    expect((await page("contacts", "q=wren")).counts).toEqual({
      unread: 1,
      read: 2,
      responded: 3,
      archived: 4,
      all: 10,
    });
  });
});
