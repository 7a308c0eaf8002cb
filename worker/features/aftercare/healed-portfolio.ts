import { drizzle } from "drizzle-orm/d1";
import type { z } from "zod";
import { placementAreas } from "../../../shared/placement-areas";
import { portfolioSectionSchema } from "../../../shared/schemas/content-collections";
import { ApiError } from "../../platform/api-error";
import { studioDate } from "../../platform/studio-clock";
import { latestPublishedContent, readDrafts, saveDraft } from "../content/service";
import { PhotoRefused, processPhoto, storePhoto } from "../photos/pipeline";
import { insertPhoto } from "../photos/upload";
import { isMessageImageOf, serveReferenceImage } from "../reference-images/service";
import type { SubmissionRow } from "../requests/lookup";
import { choicesOf, latestCompletedBooking, recordPortfolioPiece } from "./queries";

/**
 * A client's photo of their healed tattoo, added to the portfolio by the artist, only with the
 * client's permission (docs/decisions/020-quote-to-healed.md, "Aftercare"). The image the client
 * sent (already cleaned of its metadata when it arrived) goes through the artist's own photo
 * pipeline, and becomes a hidden piece in the portfolio's draft: nothing is on the site until the
 * artist has described it and published it in Studio.
 */

type PortfolioPiece = z.input<typeof portfolioSectionSchema>[number];

const sizes = ["small", "medium", "large"] as const;

/** A piece id no other piece has: "healed-" and 8 random hex digits. */
const pieceId = () => `healed-${crypto.randomUUID().slice(0, 8)}`;

/** "3 hours", "1.5 hours": the session's time in the chair. */
function sessionLength(booking: { startsAt: string; endsAt: string } | null): string {
  if (!booking) return "One session";
  const hours = Math.round(((Date.parse(booking.endsAt) - Date.parse(booking.startsAt)) / 3_600_000) * 2) / 2;
  return hours > 0 ? `${hours} ${hours === 1 ? "hour" : "hours"}` : "One session";
}

/** The portfolio as the artist is editing it (her draft), or as published when she has none. */
async function portfolioDraft(d1: D1Database) {
  const drafts = await readDrafts(drizzle(d1));
  const draft = drafts.sections.portfolio;
  if (draft) return { items: draft.data as PortfolioPiece[], revision: draft.revision };
  const published = await latestPublishedContent(d1);
  return { items: (published?.content.portfolio ?? []) as PortfolioPiece[], revision: 0 };
}

export async function addHealedPhotoToPortfolio(
  env: Pick<Env, "DB" | "PHOTOS" | "IMAGES">,
  input: { request: SubmissionRow<"consultation">; imageId: string; admin: { email: string }; now: Date },
): Promise<{ id: string; title: string }> {
  const { request, imageId, admin, now } = input;
  const choices = await choicesOf(env.DB, request.id);
  if (!choices?.portfolioAllowedAt) {
    throw new ApiError(
      403,
      "The client has not allowed their healed tattoo in the portfolio (they can on their status page).",
      { code: "no_permission" },
    );
  }
  const image = (await isMessageImageOf(drizzle(env.DB), imageId, request.id))
    ? await serveReferenceImage(env, imageId, "full")
    : null;
  if (!image) throw new ApiError(404, "The client sent no such image on this request.");
  let processed: Awaited<ReturnType<typeof processPhoto>>;
  try {
    processed = await processPhoto(env.IMAGES, new Uint8Array(await image.arrayBuffer()));
  } catch (error) {
    if (error instanceof PhotoRefused) throw new ApiError(422, "This image could not be made into a photo.");
    throw error;
  }
  const key = `uploads/${crypto.randomUUID()}`;
  const { width, height, placeholder } = processed.photo;
  const booking = await latestCompletedBooking(env.DB, request.id);
  const placement = placementAreas.find((area) => area === request.placement?.trim().toLowerCase());
  const size = sizes.find((s) => s === request.size?.trim().toLowerCase()) ?? "medium";
  const piece: PortfolioPiece = {
    id: pieceId(),
    // Never the client's name: the piece is the tattoo's, and the client asked for no credit.
    title: "Healed tattoo, from the client's photo",
    image: { source: "upload", key, width, height, placeholder },
    style: "custom",
    size,
    duration: sessionLength(booking),
    status: "completed",
    description: "A healed tattoo, photographed by its owner and shown with their permission.",
    tags: ["healed"],
    date: studioDate(new Date(booking?.completedAt ?? now.toISOString())),
    featured: false,
    hidden: true,
    healed: true,
    ...(placement ? { placement } : {}),
  };
  await storePhoto(env.PHOTOS, key, processed, () =>
    insertPhoto(drizzle(env.DB), {
      key,
      name: `healed-${imageId}.webp`,
      ...processed.photo,
      createdBy: admin.email,
    }),
  );
  // Two tries: a save in Studio between the read and the write moves the revision on once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const draft = await portfolioDraft(env.DB);
    const items = portfolioSectionSchema.parse([...draft.items, piece]);
    const saved = await saveDraft(drizzle(env.DB), "portfolio", items, draft.revision, admin);
    if (saved.ok) {
      await recordPortfolioPiece(env.DB, request.id, piece.id, now.toISOString());
      return { id: piece.id, title: piece.title };
    }
  }
  throw new ApiError(409, "The portfolio was being saved in Studio at the same time. Try again.");
}
