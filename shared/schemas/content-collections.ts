import { calendarDate, contentImageSchema, line, paragraph, slug, uniqueIds } from "./content-fields";
import { z } from "./z";

/**
 * The studio's lists, as the artist edits them and the pages show them: each list is in the
 * order the site shows it, so reordering is saving the list in a new order.
 */

const portfolioItemSchema = z.object({
  id: slug,
  title: line(100),
  image: contentImageSchema,
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
  alt: line(200).optional(),
  bodyPart: line(60).optional(),
  technique: line(100).optional(),
});

const flashDesignSchema = z.object({
  id: slug,
  title: line(100),
  image: contentImageSchema,
  /** The flash page's filter, like a piece's style. */
  category: slug,
  style: slug,
  /** Whether the design is still on offer: the flash page marks the ones that are "Available". */
  available: z.boolean(),
});

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
});

const faqEntrySchema = z.object({
  id: slug,
  topic: line(60),
  question: line(200),
  answer: paragraph(2000),
});

export const portfolioSectionSchema = uniqueIds(portfolioItemSchema, 500);
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
