import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import { replyDueAt } from "../../shared/request-stages";
import { adminCall, send, signedInEachTest } from "./admin-support";
import { acceptedQuote, addBooking, readyToBook } from "./booking-support";
import { addConsultation, addContact } from "./inbox-support";

const admin = signedInEachTest();

interface Today {
  replies: { id: string; name: string; dueAt: string }[];
  answers: { id: string; unread: number }[];
  deposits: { id: string; amountCents: number }[];
  sessionsToday: { id: string; releaseSigned: boolean }[];
  sessionsThisWeek: { id: string; releaseSigned: boolean }[];
  messages: { id: string }[];
  waitlist: { booksOpen: boolean; waiting: number };
}

async function today(): Promise<Today> {
  const response = await send("GET", "/api/admin/today", admin.cookie);
  expect(response.status).toBe(200);
  return response.json();
}

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
const ids = (items: { id: string }[]) => items.map((item) => item.id);

beforeEach(async () => {
  // Each test reads the whole studio's day: start it from an empty one.
  await env.DB.batch(
    [
      "bookings",
      "deposits",
      "quotes",
      "request_messages",
      "consultation_requests",
      "contact_submissions",
    ].map((table) => env.DB.prepare(`DELETE FROM ${table}`)),
  );
});

describe("a line's card", () => {
  it("is the one item the inbox answers for its id, wherever it falls in the list", async () => {
    const old = await addConsultation({ name: "Oldest Ode", createdAt: "2001-01-01T12:00:00.000Z" });
    for (let i = 0; i < 3; i++) await addConsultation({ name: `Newer ${i}` });
    const list = async (query: string) => {
      const response = await send("GET", `/api/admin/consultations?${query}`, admin.cookie);
      expect(response.status).toBe(200);
      return ((await response.json()) as { items: { id: string }[] }).items;
    };
    expect(ids(await list(`id=${old.id}`))).toEqual([old.id]);
    expect(await list(`id=${crypto.randomUUID()}`)).toEqual([]);
    expect(ids(await list("limit=2"))).not.toContain(old.id);
    const refused = await send("GET", `/api/admin/consultations?id=${"x".repeat(101)}`, admin.cookie);
    expect(refused.status).toBe(400);
  });
});

describe("GET /api/admin/today", () => {
  it("is refused to anyone not signed in", async () => {
    expect((await adminCall("/api/admin/today")).status).toBe(401);
  });

  it("lists the replies the studio promised, the most overdue first, and leaves out the ones answered", async () => {
    const late = await addConsultation({ name: "Late Lee", createdAt: hoursAgo(30) });
    const fresh = await addConsultation({ name: "Fresh Fay", createdAt: hoursAgo(1) });
    const older = await addConsultation({ name: "Older Oz", createdAt: hoursAgo(22) });
    await addConsultation({ name: "Answered Ann", status: "contacted", createdAt: hoursAgo(40) });
    // A quote is an answer too.
    const quoted = await addConsultation({ name: "Quoted Quinn", createdAt: hoursAgo(50) });
    await acceptedQuote(quoted.id, { deposit: null });
    const { replies } = await today();
    expect(ids(replies)).toEqual([late.id, older.id, fresh.id]);
    expect(replies[0]).toMatchObject({ name: "Late Lee", dueAt: replyDueAt(late.createdAt) });
  });

  it("lists clients' unread answers, deposits paid with nothing booked, and new contact messages", async () => {
    const asked = await addConsultation({ name: "Theo Park", status: "contacted" });
    await env.DB.batch(
      ["client", "client", "artist"].map((author, i) =>
        env.DB.prepare(
          "INSERT INTO request_messages (id, submission_id, author, body, created_at) VALUES (?, ?, ?, ?, ?)",
        ).bind(crypto.randomUUID(), asked.id, author, `message ${i}`, hoursAgo(3 - i)),
      ),
    );
    const paid = await readyToBook({ name: "Ada Brooks" });
    const booked = await readyToBook({ name: "Bo Booked" });
    await addBooking(booked.id, booked.quoteId, new Date(Date.now() + 3 * 86_400_000));
    const message = await addContact({ name: "Sam Ortiz", status: "unread" });
    await addContact({ name: "Read Rae", status: "read" });
    const day = await today();
    expect(day.answers).toEqual([expect.objectContaining({ id: asked.id, unread: 2 })]);
    expect(ids(day.deposits)).toEqual([paid.id]);
    expect(day.deposits[0]?.amountCents).toBe(10_000);
    expect(ids(day.messages)).toEqual([message.id]);
  });

  it("splits the sessions into today and the week ahead, each saying whether the release form is signed", async () => {
    const soon = await readyToBook({ name: "Soon Sol" });
    const later = await readyToBook({ name: "Later Lu" });
    const far = await readyToBook({ name: "Far Fen" });
    // Late tonight in the studio's zone is still today; the day after tomorrow is this week.
    const tonight = new Date();
    const todayStart = await addBooking(soon.id, soon.quoteId, new Date(tonight.getTime() + 60_000));
    await addBooking(later.id, later.quoteId, new Date(Date.now() + 2 * 86_400_000));
    await addBooking(far.id, far.quoteId, new Date(Date.now() + 10 * 86_400_000));
    await env.DB.prepare(
      `INSERT INTO release_forms (id, submission_id, booking_id, ciphertext, iv, key_version, signed_at, delete_after)
       VALUES (?, ?, ?, 'x', 'x', 'v1', ?, ?)`,
    )
      .bind(crypto.randomUUID(), soon.id, todayStart, new Date().toISOString(), "2030-01-01T00:00:00.000Z")
      .run();
    const day = await today();
    const all = [...day.sessionsToday, ...day.sessionsThisWeek];
    expect(ids(all)).toEqual([soon.id, later.id]);
    expect(all.find((session) => session.id === soon.id)?.releaseSigned).toBe(true);
    expect(day.sessionsThisWeek.find((session) => session.id === later.id)?.releaseSigned).toBe(false);
  });
});
