import { Hono } from "hono";
import { blockedDateSchema } from "../../../shared/schemas/booking";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import { waitUntilOf } from "../../platform/wait-until";
import type { AdminEnv } from "../sign-in/middleware";
import {
  blockDay,
  blockedDays,
  cancelByArtist,
  deliverBookingMail,
  markSessionDone,
  sessionOf,
  unblockDay,
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
    return c.json({ status: "cancelled" as const });
  })
  /** The session took place: the request moves to "completed". */
  .post("/:id/done", validate("param", idParam), async (c) => {
    const done = await markSessionDone(c.env.DB, c.req.valid("param").id, new Date(), c.get("admin"));
    if (!done) throw new ApiError(404, "There is no booked session with that id.");
    return c.json({ status: "completed" as const });
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
