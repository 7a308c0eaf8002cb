import { placementAreas } from "../placement-areas";
import {
  calendarDate,
  contentImageSchema,
  line,
  paragraph,
  paragraphWithFacts,
  slug,
  uniqueIds,
} from "./content-fields";
import { z } from "./z";

/** What a piece cost, in whole dollars, low to high (a single price is the same number twice). */
const priceBandSchema = z
  .object({ min: z.number().int().min(0).max(100_000), max: z.number().int().min(0).max(100_000) })
  .refine((band) => band.min <= band.max, {
    message: "The highest price is below the lowest",
    path: ["max"],
  });

/**
 * The studio's lists, as the artist edits them and the pages show them: each list is in the
 * order the site shows it, so reordering is saving the list in a new order.
 */

const portfolioItemSchema = z.object({
  id: slug,
  title: line(100),
  /**
   * A piece may be added before its photo exists (a draft, or kept hidden); a visible one cannot
   * be published without it (publishableContentSchema), and visitors never see one without it.
   */
  image: contentImageSchema.optional(),
  /** The gallery's filter: the gallery offers exactly the styles its pieces have. */
  style: slug,
  size: z.enum(["small", "medium", "large"]),
  duration: line(40),
  status: z.enum(["completed", "in-progress"]),
  description: paragraph(600),
  tags: z.array(line(30)).max(12, "At most 12 tags"),
  date: calendarDate,
  /** The pieces the home page may show (its hero and strip). */
  featured: z.boolean(),
  /** Required of every visible piece before a version can be published (see publishableContentSchema). */
  alt: line(200).optional(),
  bodyPart: line(60).optional(),
  technique: line(100).optional(),
  /** Kept in the editor but shown nowhere on the site. Older versions have no flag: shown. */
  hidden: z.boolean().default(false),
  placement: z.enum(placementAreas).optional(),
  /** Time in the chair, for the price guide ("similar pieces took 3-4 hours"). */
  hours: z.number().min(0.5, "At least half an hour").max(100, "At most 100 hours").optional(),
  priceBand: priceBandSchema.optional(),
  /** A photo of a healed tattoo; `freshPiece` names the piece showing the same tattoo fresh. */
  healed: z.boolean().default(false),
  freshPiece: slug.optional(),
});

const flashStatuses = ["available", "claimed", "archived"] as const;

const flashDesignSchema = z.preprocess(
  // Versions published before designs had a status said only whether one was available.
  (value) =>
    value && typeof value === "object" && !("status" in value) && "available" in value
      ? { ...value, status: (value as { available: unknown }).available === false ? "claimed" : "available" }
      : value,
  z.object({
    id: slug,
    title: line(100),
    image: contentImageSchema,
    /** The flash page's filter, like a piece's style. */
    category: slug,
    style: slug,
    /** Available: on offer. Claimed: a one-off someone booked (shown as claimed). Archived: not shown. */
    status: z.enum(flashStatuses),
    /** A one-off is tattooed once, then claimed; a repeatable design stays available. */
    repeatable: z.boolean().default(true),
    size: line(40).optional(),
    /** The design's price in whole dollars; without one the page shows the flash price band. */
    price: z.number().int().min(0).max(100_000).optional(),
  }),
);

const testimonialSchema = z.object({
  id: slug,
  name: line(60),
  reviewCount: z.number().int().min(0).max(100_000),
  photoCount: z.number().int().min(0).max(100_000),
  rating: z.number().int().min(1).max(5),
  date: calendarDate,
  text: paragraph(1000),
  artistResponse: paragraph(1000).optional(),
  isLocalGuide: z.boolean().optional(),
  priceRange: line(40).optional(),
  /** Kept in the editor but shown nowhere on the site. */
  hidden: z.boolean().default(false),
});

const faqEntrySchema = z.object({
  id: slug,
  topic: line(60),
  question: line(200),
  answer: paragraphWithFacts(2000),
});

export const portfolioSectionSchema = uniqueIds(portfolioItemSchema, 500).superRefine((items, ctx) => {
  const byId = new Map(items.map((item) => [item.id, item]));
  items.forEach((item, index) => {
    if (item.freshPiece === undefined) return;
    const fresh = byId.get(item.freshPiece);
    const problem = !item.healed
      ? "Only a healed photo links to a fresh one"
      : !fresh
        ? "No piece has this id"
        : fresh.healed
          ? "Link the healed photo to the fresh one, not to another healed photo"
          : null;
    if (problem) ctx.addIssue({ code: "custom", path: [index, "freshPiece"], message: problem });
  });
});
export const flashSectionSchema = uniqueIds(flashDesignSchema, 500);
/** The home page shows the first three; the reviews page shows them all. */
export const testimonialsSectionSchema = uniqueIds(testimonialSchema, 200);

export const faqSectionSchema = z
  .object({
    items: uniqueIds(faqEntrySchema, 100),
    /** The questions the services page asks (and marks up as its FAQ), by id, in its order. */
    servicesPage: z.array(slug).max(12, "At most 12 questions"),
  })
  .superRefine((faq, ctx) => {
    const ids = new Set(faq.items.map((entry) => entry.id));
    faq.servicesPage.forEach((id, index) => {
      if (!ids.has(id))
        ctx.addIssue({ code: "custom", path: ["servicesPage", index], message: "No question has this id" });
    });
  });
