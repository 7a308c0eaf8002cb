import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeEach, describe, expect, it } from "vitest";
import { type RequestJourney, stateOf, stateViews } from "../../shared/request-lifecycle";
import { auditLog, consultationRequests, mailQueue } from "../../worker/platform/db/schema";
import { createAdmin, quietLogs, send, signIn } from "./admin-support";
import { addConsultation, addContact, iso, type InboxPage as Page } from "./inbox-support";

const db = () => drizzle(env.DB);
let cookie: string;
let admin: { id: string; email: string };

beforeEach(async () => {
  quietLogs();
  const account = await createAdmin();
  admin = account;
  cookie = await signIn(account);
});

describe("GET /api/admin/consultations", () => {
  it("lists newest first with every field, the counts per status and both inboxes' sizes", async () => {
    const older = await addConsultation({ createdAt: iso(60) });
    const newer = await addConsultation({ createdAt: iso(1), status: "scheduled" });
    await addContact();
    const response = await send("GET", "/api/admin/consultations", cookie);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Page & { items: Record<string, unknown>[] };
    expect(body.items.map((i) => i.id)).toEqual([newer.id, older.id]);
    // Every column as it was stored, and no notes yet.
    expect(body.items[0]).toMatchObject({ ...newer, adminNotes: null });
    expect(body.counts).toEqual({
      pending: 1,
      contacted: 0,
      scheduled: 1,
      completed: 0,
      cancelled: 0,
      all: 2,
    });
    expect(body.totals).toEqual({ consultations: 2, contacts: 1 });
  });

  it("gives each request's quote, deposit and session, from which the card reads its lifecycle state", async () => {
    const quoted = await addConsultation({ createdAt: iso(2) });
    const fresh = await addConsultation({ createdAt: iso(1) });
    await env.DB.prepare(
      `INSERT INTO quotes (id, submission_id, price_min_cents, price_max_cents, sessions, session_minutes, deposit_cents, status, created_at)
       VALUES (?, ?, 30000, 30000, 1, 120, 10000, 'accepted', ?)`,
    )
      .bind(crypto.randomUUID(), quoted.id, iso(1))
      .run();
    const body = (await (await send("GET", "/api/admin/consultations", cookie)).json()) as {
      items: { id: string; status: string; journey: RequestJourney }[];
    };
    const byId = new Map(body.items.map((item) => [item.id, item]));
    expect(byId.get(quoted.id)?.journey).toEqual({
      quote: "accepted",
      deposit: null,
      booking: null,
      sessionsLeft: 1,
    });
    expect(byId.get(fresh.id)?.journey).toEqual({
      quote: null,
      deposit: null,
      booking: null,
      sessionsLeft: 0,
    });
    const badge = (id: string) => {
      const item = byId.get(id);
      return item && stateViews[stateOf({ status: item.status, ...item.journey })].badge;
    };
    expect([badge(fresh.id), badge(quoted.id)]).toEqual(["New", "Quote accepted"]);
  });

  it("shows each request's notification delivery state from the outbox", async () => {
    const sent = await addConsultation({ createdAt: iso(3) });
    const failing = await addConsultation({ createdAt: iso(2) });
    const none = await addConsultation({ createdAt: iso(1) });
    const outbox = (submissionId: string, status: "sent" | "retry", attempts: number) =>
      db()
        .insert(mailQueue)
        .values({
          id: crypto.randomUUID(),
          kind: "notification",
          topic: "consultation",
          subjectId: submissionId,
          requestId: submissionId,
          status,
          attempts,
          nextAttemptAt: iso(0),
          sentAt: status === "sent" ? iso(2) : null,
          createdAt: iso(3),
          updatedAt: iso(2),
        });
    await outbox(sent.id, "sent", 1);
    await outbox(failing.id, "retry", 2);
    // The plain list and a search (which reads its page its own way) show the same states.
    for (const path of ["/api/admin/consultations", "/api/admin/consultations?q=dana"]) {
      const body = (await (await send("GET", path, cookie)).json()) as {
        items: { id: string; notification: Record<string, unknown> | null }[];
      };
      const byId = Object.fromEntries(body.items.map((i) => [i.id, i.notification]));
      expect(byId[sent.id]).toEqual({
        status: "sent",
        attempts: 1,
        sentAt: expect.any(String),
        lastAttemptAt: null,
      });
      expect(byId[failing.id]).toEqual({ status: "retry", attempts: 2, sentAt: null, lastAttemptAt: null });
      expect(byId[none.id]).toBeNull();
    }
  });

  it("filters by status and searches by name or e-mail, case-insensitively", async () => {
    const a = await addConsultation({ name: "Riley Chen", email: "riley@ink.test", status: "pending" });
    const b = await addConsultation({ name: "Morgan Lee", email: "MORGAN@mail.test", status: "completed" });
    const byStatus = (await (
      await send("GET", "/api/admin/consultations?status=completed", cookie)
    ).json()) as Page;
    expect(byStatus.items.map((i) => i.id)).toEqual([b.id]);
    const byName = (await (await send("GET", "/api/admin/consultations?q=riley%20c", cookie)).json()) as Page;
    expect(byName.items.map((i) => i.id)).toEqual([a.id]);
    const byEmail = (await (
      await send("GET", "/api/admin/consultations?q=morgan@MAIL", cookie)
    ).json()) as Page;
    expect(byEmail.items.map((i) => i.id)).toEqual([b.id]);
    const wildcard = (await (await send("GET", "/api/admin/consultations?q=%25", cookie)).json()) as Page;
    expect(wildcard.items).toEqual([]);
  });

  it("pages with a cursor: no row repeated or skipped, even with equal timestamps", async () => {
    const same = iso(30);
    const ids = new Set<string>();
    for (let i = 0; i < 7; i++) ids.add((await addConsultation({ createdAt: i < 4 ? same : iso(i) })).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page = (await (
        await send("GET", `/api/admin/consultations?limit=3${query}`, cookie)
      ).json()) as Page;
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.nextCursor;
    } while (cursor);
    // Storage is shared by the tests of this file: check this test's rows, and no repeats.
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => ids.has(id)).length).toBe(7);
  });

  it("answers 400 for an unknown status, a broken cursor or a silly limit", async () => {
    for (const query of ["status=done", "cursor=%%%", "limit=1000"]) {
      const response = await send("GET", `/api/admin/consultations?${query}`, cookie);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe("validation");
    }
  });
});

describe("PATCH /api/admin/consultations/:id", () => {
  it("changes the status and notes, stamps updated_at and records who did what in the audit log", async () => {
    const row = await addConsultation({ updatedAt: iso(60) });
    const response = await send("PATCH", `/api/admin/consultations/${row.id}`, cookie, {
      status: "contacted",
      adminNotes: "Called, prefers Saturday",
    });
    expect(response.status).toBe(200);
    const { item } = (await response.json()) as { item: Record<string, string> };
    expect(item).toMatchObject({ id: row.id, status: "contacted", adminNotes: "Called, prefers Saturday" });
    expect(Date.now() - Date.parse(item.updatedAt ?? "")).toBeLessThan(5000);
    const audits = await db().select().from(auditLog).where(eq(auditLog.entityId, row.id)).all();
    expect(audits.map((a) => [a.action, a.fromValue, a.toValue, a.adminId, a.adminEmail])).toEqual([
      ["status", "pending", "contacted", admin.id, admin.email],
      ["notes", null, "Called, prefers Saturday", admin.id, admin.email],
    ]);
    const listed = (await (await send("GET", "/api/admin/audit", cookie)).json()) as {
      items: { entityId: string; adminEmail: string; createdAt: string }[];
    };
    expect(listed.items.filter((a) => a.entityId === row.id)).toHaveLength(2);
  });

  it("answers 404 for an unknown id and 400 for a status outside the workflow or an empty change", async () => {
    const row = await addConsultation();
    expect(
      (await send("PATCH", "/api/admin/consultations/nope", cookie, { status: "contacted" })).status,
    ).toBe(404);
    expect(
      (await send("PATCH", `/api/admin/consultations/${row.id}`, cookie, { status: "unread" })).status,
    ).toBe(400);
    expect((await send("PATCH", `/api/admin/consultations/${row.id}`, cookie, {})).status).toBe(400);
    const still = await db()
      .select()
      .from(consultationRequests)
      .where(eq(consultationRequests.id, row.id))
      .get();
    expect(still?.status).toBe("pending");
  });
});

describe("contact messages", () => {
  it("lists, and choosing responded records responded_at and responded_by", async () => {
    const row = await addContact();
    const list = (await (await send("GET", "/api/admin/contacts", cookie)).json()) as Page;
    expect(list.items.map((i) => i.id)).toContain(row.id);
    const response = await send("PATCH", `/api/admin/contacts/${row.id}`, cookie, { status: "responded" });
    expect(response.status).toBe(200);
    const { item } = (await response.json()) as { item: Record<string, string | null> };
    expect(item.status).toBe("responded");
    expect(item.respondedBy).toBe(admin.id);
    expect(Date.now() - Date.parse(item.respondedAt ?? "")).toBeLessThan(5000);
    const read = await send("PATCH", `/api/admin/contacts/${row.id}`, cookie, { status: "archived" });
    expect(((await read.json()) as { item: { respondedBy: string } }).item.respondedBy).toBe(admin.id);
    expect((await send("PATCH", "/api/admin/contacts/nope", cookie, { status: "read" })).status).toBe(404);
  });
});
