import { Hono } from "hono";
import { healedPhotoSchema } from "../../../shared/schemas/aftercare-admin";
import { z } from "../../../shared/schemas/z";
import { ApiError } from "../../platform/api-error";
import { validate } from "../../platform/middleware/validate";
import { conversationOf } from "../conversation/service";
import { findSubmission } from "../requests/queries";
import type { AdminEnv } from "../sign-in/middleware";
import { addHealedPhotoToPortfolio } from "./healed-portfolio";
import { choicesOf, latestCompletedBooking } from "./queries";
import { healingDay } from "./service";

const idParam = z.object({ id: z.string().min(1).max(100) });

async function requestOr404(d1: D1Database, id: string) {
  const request = await findSubmission(d1, "consultation", id);
  if (!request) throw new ApiError(404, "That consultation request does not exist.");
  return request;
}

/**
 * A request's aftercare from the artist's side, mounted at /api/admin/consultations/:id/aftercare
 * (docs/decisions/020-quote-to-healed.md, "Aftercare"): what the client chose, and "Add to
 * portfolio" on an image they sent, allowed only with their permission.
 */
export const consultationAftercare = new Hono<AdminEnv>()
  .get("/:id/aftercare", validate("param", idParam), async (c) => {
    const request = await requestOr404(c.env.DB, c.req.valid("param").id);
    const [booking, choices, messages] = await Promise.all([
      latestCompletedBooking(c.env.DB, request.id),
      choicesOf(c.env.DB, request.id),
      conversationOf(c.env, request.id),
    ]);
    return c.json({
      completedAt: booking?.completedAt ?? null,
      day: booking ? healingDay(booking.completedAt, new Date()) : null,
      reminders: { since: choices?.remindersSince ?? null, stoppedAt: choices?.remindersStoppedAt ?? null },
      portfolio: {
        allowedAt: choices?.portfolioAllowedAt ?? null,
        withdrawnAt: choices?.portfolioWithdrawnAt ?? null,
        pieceIds: choices?.portfolioPieceIds ?? [],
      },
      images: messages
        .filter((message) => message.author === "client")
        .flatMap((message) =>
          message.images.map((image) => ({ ...image, messageId: message.id, sentAt: message.createdAt })),
        ),
    });
  })
  /** A hidden draft piece from the client's image, with their permission (403 without it). */
  .post(
    "/:id/aftercare/portfolio",
    validate("param", idParam),
    validate("json", healedPhotoSchema),
    async (c) => {
      const request = await requestOr404(c.env.DB, c.req.valid("param").id);
      const piece = await addHealedPhotoToPortfolio(c.env, {
        request,
        imageId: c.req.valid("json").imageId,
        admin: c.get("admin"),
        now: new Date(),
      });
      return c.json({ piece }, 201);
    },
  );
