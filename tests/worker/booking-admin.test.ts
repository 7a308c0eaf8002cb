import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { stageOf } from "../../shared/request-stages";
import { deliverBookingMail } from "../../worker/features/booking";
import worker from "../../worker/index";
import { enforceRetention } from "../../worker/retention";
import { send as adminSend, signedInAdmin } from "./admin-support";
import {
  addBooking,
  bookingRows,
  depositStatus,
  inboxStatus,
  mailKinds,
  offeredSlots,
  openPage,
  readyToBook,
} from "./booking-support";
import { seedContent } from "./content-support";
import { recorder } from "./request-support";
import { recordingMailer } from "./submission-support";
import { hour } from "./support";

let cookie = "";

beforeAll(async () => {
  await seedContent();
  cookie = (await signedInAdmin()).cookie;
});

describe("the artist's side of bookings", () => {
  it("lists the sessions to come, soonest first, with the client's name", async () => {
    const later = await readyToBook({ name: "Later Client" });
    const sooner = await readyToBook({ name: "Sooner Client" });
    const past = await readyToBook({ name: "Past Client" });
    await addBooking(later.id, later.quoteId, new Date(Date.now() + 200 * hour));
    await addBooking(sooner.id, sooner.quoteId, new Date(Date.now() + 100 * hour));
    await addBooking(past.id, past.quoteId, new Date(Date.now() - 100 * hour));
    const response = await adminSend("GET", "/api/admin/bookings/upcoming", cookie);
    expect(response.status).toBe(200);
    const { sessions } = (await response.json()) as { sessions: { name: string }[] };
    expect(sessions.map((session) => session.name)).toEqual(["Sooner Client", "Later Client"]);
  });

  it("shows a request's session, and null for one that never booked", async () => {
    const booked = await readyToBook();
    const bookingId = await addBooking(booked.id, booked.quoteId, new Date(Date.now() + 72 * hour));
    const found = (await (await adminSend("GET", `/api/admin/bookings/of/${booked.id}`, cookie)).json()) as {
      booking: { id: string; status: string };
    };
    expect(found.booking).toMatchObject({ id: bookingId, status: "booked" });
    const none = await readyToBook();
    expect(await (await adminSend("GET", `/api/admin/bookings/of/${none.id}`, cookie)).json()).toEqual({
      booking: null,
    });
  });

  it("marks a session done: the booking and the inbox say completed, and the audit log has it", async () => {
    const { id, quoteId } = await readyToBook();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() - 4 * hour));
    const before = Date.now();
    const response = await adminSend("POST", `/api/admin/bookings/${bookingId}/done`, cookie);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { status: string; undoUntil: string };
    expect(answer.status).toBe("completed");
    // The undo is offered for 15 minutes from now.
    expect(Date.parse(answer.undoUntil) - before).toBeGreaterThanOrEqual(15 * 60_000);
    expect(Date.parse(answer.undoUntil) - Date.now()).toBeLessThanOrEqual(15 * 60_000);
    expect((await bookingRows(id))[0]).toMatchObject({ status: "completed" });
    expect(await inboxStatus(id)).toBe("completed");
    const audit = await env.DB.prepare(
      "SELECT action, to_value FROM audit_log WHERE entity_id = ? AND action = 'booking'",
    )
      .bind(id)
      .first();
    expect(audit).toEqual({ action: "booking", to_value: "completed" });
    // Done once: a second click finds no booked session.
    expect((await adminSend("POST", `/api/admin/bookings/${bookingId}/done`, cookie)).status).toBe(404);
  });

  it("refuses to mark a session done before it has begun (409), changing nothing", async () => {
    const { id, token, quoteId } = await readyToBook();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() + 7 * 24 * hour));
    const status = await inboxStatus(id);
    const response = await adminSend("POST", `/api/admin/bookings/${bookingId}/done`, cookie);
    expect(response.status).toBe(409);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("not_started");
    expect(body.error.message).toBe(
      "This session has not started yet: it can be marked done once it has begun.",
    );
    expect((await bookingRows(id))[0]).toMatchObject({ status: "booked", completed_at: null });
    expect(await inboxStatus(id)).toBe(status);
    // The client's page still shows the session to come, not aftercare's day 0.
    expect(await (await openPage(token)).text()).not.toContain("Day 0");
  });

  it("takes back 'done' within 15 minutes: booked and scheduled again, and the log says so", async () => {
    const { id, quoteId } = await readyToBook();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() - 2 * hour));
    expect((await adminSend("POST", `/api/admin/bookings/${bookingId}/done`, cookie)).status).toBe(200);
    const undone = await adminSend("POST", `/api/admin/bookings/${bookingId}/undo-done`, cookie);
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ status: "booked" });
    expect((await bookingRows(id))[0]).toMatchObject({ status: "booked", completed_at: null });
    expect(await inboxStatus(id)).toBe("scheduled");
    const { results } = await env.DB.prepare(
      "SELECT from_value, to_value FROM audit_log WHERE entity_id = ? AND action = 'booking' ORDER BY id",
    )
      .bind(id)
      .all();
    expect(results).toEqual([
      { from_value: "booked", to_value: "completed" },
      { from_value: "completed", to_value: "booked" },
    ]);
    // Nothing left to undo: a second one is refused.
    const again = await adminSend("POST", `/api/admin/bookings/${bookingId}/undo-done`, cookie);
    expect(again.status).toBe(409);
  });

  it("refuses to take back 'done' after 15 minutes (409), and answers 404 for no such session", async () => {
    const { id, quoteId } = await readyToBook();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() - 30 * hour));
    expect((await adminSend("POST", `/api/admin/bookings/${bookingId}/done`, cookie)).status).toBe(200);
    const sixteenMinutesAgo = new Date(Date.now() - 16 * 60_000).toISOString();
    await env.DB.prepare("UPDATE bookings SET completed_at = ? WHERE id = ?")
      .bind(sixteenMinutesAgo, bookingId)
      .run();
    const late = await adminSend("POST", `/api/admin/bookings/${bookingId}/undo-done`, cookie);
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe("too_late");
    expect((await bookingRows(id))[0]?.status).toBe("completed");
    expect(await inboxStatus(id)).toBe("completed");
    expect((await adminSend("POST", "/api/admin/bookings/nope/undo-done", cookie)).status).toBe(404);
  });

  it("cancels a session for the client, who keeps the deposit and can book again", async () => {
    const { id, token, quoteId, depositId } = await readyToBook();
    const bookingId = await addBooking(id, quoteId, new Date(Date.now() + 30 * hour));
    const response = await adminSend("POST", `/api/admin/bookings/${bookingId}/cancel`, cookie);
    expect(response.status).toBe(200);
    expect((await bookingRows(id))[0]?.status).toBe("cancelled");
    // Inside the tiers' 48 hours, but the studio's change never costs the client.
    expect(await depositStatus(depositId)).toBe("paid");
    // The client is told (the artist is not: she did it).
    expect((await mailKinds(id)).map((mail) => mail.kind)).toEqual(["cancelled"]);
    const [slot] = await offeredSlots();
    expect(await (await openPage(token)).text()).toContain(`value="${slot?.startsAt}"`);
  });

  it("answers 404 for a session that does not exist", async () => {
    expect((await adminSend("POST", "/api/admin/bookings/nope/cancel", cookie)).status).toBe(404);
    expect((await adminSend("POST", "/api/admin/bookings/nope/done", cookie)).status).toBe(404);
  });

  it("blocks and unblocks a day: no slot is offered on it meanwhile", async () => {
    const [slot] = await offeredSlots();
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(
      new Date(slot?.startsAt ?? ""),
    );
    const added = await adminSend("POST", "/api/admin/bookings/blocked-dates", cookie, {
      date: day,
      note: "Guest spot",
    });
    expect(added.status).toBe(201);
    const { dates } = (await (
      await adminSend("GET", "/api/admin/bookings/blocked-dates", cookie)
    ).json()) as {
      dates: { date: string; note: string | null }[];
    };
    expect(dates).toContainEqual({ date: day, note: "Guest spot" });
    const { token } = await readyToBook();
    expect(await (await openPage(token)).text()).not.toContain(`value="${slot?.startsAt}"`);
    const removed = await adminSend("DELETE", `/api/admin/bookings/blocked-dates/${day}`, cookie);
    expect(removed.status).toBe(204);
    expect(await (await openPage(token)).text()).toContain(`value="${slot?.startsAt}"`);
    expect((await adminSend("DELETE", `/api/admin/bookings/blocked-dates/${day}`, cookie)).status).toBe(404);
  });

  it("refuses a blocked day that is not a date, naming the field, and saves nothing", async () => {
    const response = await adminSend("POST", "/api/admin/bookings/blocked-dates", cookie, {
      date: "next friday",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields.date).toBe("Give a date (YYYY-MM-DD)");
    const { results } = await env.DB.prepare(
      "SELECT date FROM blocked_dates WHERE date = 'next friday'",
    ).all();
    expect(results).toEqual([]);
  });

  it("is for the signed-in artist only", async () => {
    const routes = ["GET upcoming", "GET blocked-dates", "POST x/done", "POST x/undo-done", "POST x/cancel"];
    for (const route of routes) {
      const [method, path] = route.split(" ") as ["GET" | "POST", string];
      expect((await adminSend(method, `/api/admin/bookings/${path}`, "")).status, route).toBe(401);
    }
  });
});

describe("a booking's life around it", () => {
  it("is reminded by the cron: a session 30 hours off gets its 48-hour reminder once", async () => {
    const { id, email, quoteId } = await readyToBook();
    await addBooking(id, quoteId, new Date(Date.now() + 30 * hour));
    const visitors = recordingMailer();
    const run = async (minutes: number) => {
      const ctx = createExecutionContext();
      await worker.scheduled(
        createScheduledController({ scheduledTime: Date.now() + minutes * 60_000, cron: "*/5 * * * *" }),
        { ...env, MAILER: recordingMailer().binding, VISITOR_MAILER: visitors.binding } as Env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    };
    await run(0);
    await run(5);
    expect(await mailKinds(id)).toEqual([{ kind: "reminder-48", status: "sent" }]);
    expect(visitors.sent.filter((mail) => mail.to === email)).toHaveLength(1);
  });

  it("goes with its request: the session and its e-mails are deleted by retention", async () => {
    const { id, quoteId } = await readyToBook();
    await addBooking(id, quoteId, new Date(Date.now() + 20 * hour));
    await deliverBookingMail(env, { provider: recorder() });
    expect(await mailKinds(id)).toHaveLength(1);
    await env.DB.prepare("DELETE FROM consultation_requests WHERE id = ?").bind(id).run();
    await enforceRetention(env.DB, new Date());
    expect(await bookingRows(id)).toEqual([]);
    expect(await mailKinds(id)).toEqual([]);
  });

  it("shows the client the stage 'Booked' while a session is booked, whatever the inbox says", () => {
    expect(stageOf("contacted", { quote: "accepted", booking: "booked" })).toBe("booked");
    // A session cancelled leaves the accepted quote and its deposit: the client can book again.
    expect(stageOf("contacted", { quote: "accepted", booking: "cancelled" })).toBe("quoted");
    expect(stageOf("contacted", { quote: null, booking: "cancelled" })).toBe("replied");
    expect(stageOf("scheduled", { quote: null, booking: null })).toBe("booked");
  });
});
