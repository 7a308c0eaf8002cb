import { Hono } from "hono";
import { blockedDateSchema } from "../../../shared/schemas/booking";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import type { AdminEnv } from "../sign-in/middleware";
import { runOffers } from "../waitlist/offers";
import {
  blockDay,
  blockedDays,
  cancelByArtist,
  deliverBookingMail,
  markSessionDone,
  sessionOf,
  unblockDay,
  undoDoneMinutes,
  undoSessionDone,
  upcoming,
} from ".";

const idParam = z.object({ id: z.string().min(1).max(100) });
const dateParam = blockedDateSchema.pick({ date: true });

/**
 * The artist's side of booking (docs/decisions/020-quote-to-healed.md, "Booking"), at
 * /api/admin/bookings: the sessions to come, a request's session with cancel and "done", and the
 * days she is away, on which no slot is offered.
 */
export const adminBookings = new Hono<AdminEnv>()
  .get("/upcoming", async (c) => c.json({ sessions: await upcoming(c.env.DB, new Date()) }))
  /** A request's newest session, or null. */
  .get("/of/:id", validate("param", idParam), async (c) =>
    c.json({ booking: await sessionOf(c.env.DB, c.req.valid("param").id) }),
  )
  /** The artist cancels a session: the client is told, and keeps the deposit for a new date. */
  .post("/:id/cancel", validate("param", idParam), async (c) => {
    const done = await cancelByArtist(c.env.DB, c.req.valid("param").id, new Date(), c.get("admin"));
    if (!done) throw new ApiError(404, "There is no booked session with that id.");
    waitUntilOf(c)?.(deliverBookingMail(c.env));
    // The freed time goes to the clients waiting for one (or to the artist's approval).
    waitUntilOf(c)?.(runOffers(c.env));
    return c.json({ status: "cancelled" as const });
  })
  /**
   * The session took place: the request moves to "completed". Refused before the session's start
   * (409); can be taken back for a few minutes (below).
   */
  .post("/:id/done", validate("param", idParam), async (c) => {
    const done = await markSessionDone(c.env.DB, c.req.valid("param").id, new Date(), c.get("admin"));
    if (done.outcome === "not-found") throw new ApiError(404, "There is no booked session with that id.");
    if (done.outcome === "not-started")
      throw new ApiError(409, "This session has not started yet: it can be marked done once it has begun.", {
        code: "not_started",
      });
    return c.json({ status: "completed" as const, undoUntil: done.undoUntil });
  })
  /** Takes back "done" within minutes of it: the session is booked again, the request scheduled. */
  .post("/:id/undo-done", validate("param", idParam), async (c) => {
    const undone = await undoSessionDone(c.env.DB, c.req.valid("param").id, new Date(), c.get("admin"));
    if (undone === "not-found") throw new ApiError(404, "There is no session with that id.");
    if (undone === "too-late")
      throw new ApiError(
        409,
        `Only a session marked done in the last ${undoDoneMinutes} minutes can be taken back.`,
        { code: "too_late" },
      );
    return c.json({ status: "booked" as const });
  })
  .get("/blocked-dates", async (c) => c.json({ dates: await blockedDays(c.env.DB, new Date()) }))
  .post("/blocked-dates", validate("json", blockedDateSchema), async (c) => {
    const { date, note } = c.req.valid("json");
    await blockDay(c.env.DB, date, note || null);
    return c.json({ date, note: note || null }, 201);
  })
  .delete("/blocked-dates/:date", validate("param", dateParam), async (c) => {
    if (!(await unblockDay(c.env.DB, c.req.valid("param").date)))
      throw new ApiError(404, "That day is not blocked.");
    return c.body(null, 204);
  });
