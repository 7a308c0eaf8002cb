import {
  faqSectionSchema,
  flashSectionSchema,
  portfolioSectionSchema,
  testimonialsSectionSchema,
} from "./content-collections";
import { calendarDate, href, line, namesOnlyFacts, paragraph, paragraphWithFacts } from "./content-fields";
import { z } from "./z";

/**
 * The studio's content, section by section: the one contract the admin content API validates
 * with, the seed is validated with, and the pages' renderer parses published content with. A
 * published version is one object with every section (`studioContentSchema`).
 */

const studioSectionSchema = z.object({
  name: line(100),
  shortName: line(60),
  artist: z.object({ name: line(100), firstName: line(60), role: line(100) }),
  phone: z.object({
    display: line(30),
    e164: z.string().regex(/^\+[1-9]\d{6,14}$/, "Use the international form, e.g. +13015550142"),
  }),
  email: z.email("Invalid email format").max(254),
  address: z.object({
    street: line(100),
    locality: line(60),
    region: z.string().regex(/^[A-Z]{2}$/, "Use the two-letter state code"),
    regionName: line(60),
    postalCode: z.string().regex(/^\d{5}(-\d{4})?$/, "Use a ZIP code"),
    country: z.string().regex(/^[A-Z]{2}$/, "Use the two-letter country code"),
  }),
  geo: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  serviceArea: z.object({
    towns: z.array(line(60)).min(1).max(20),
    label: line(200),
    radiusMiles: z.number().int().min(1).max(500),
  }),
  social: z.object({ instagram: href, instagramHandle: line(60) }),
  bookingWidgetUrl: href,
  claims: z.object({
    experienceYears: z.number().int().min(0).max(80),
    experienceLabel: line(40),
    tattoosLabel: line(40),
    rating: z.number().min(1).max(5),
    healingRate: line(20),
    satisfaction: line(20),
    custom: line(20),
    licensedAndInsured: z.boolean(),
    replyWithin: line(40),
    consultationMinutes: line(40),
    averageSession: line(40),
    minimumAge: z.number().int().min(16).max(25),
  }),
  timeZone: line(60),
  currency: z.string().regex(/^[A-Z]{3}$/, "Use a currency code"),
  /** How to find the studio: the contact page's map labels and its directions. */
  findingTheStudio: z.object({
    neighbourhood: line(100),
    highway: line(60),
    station: line(100),
    river: line(100),
    directions: paragraph(600),
    parking: paragraph(600),
    transit: paragraph(600),
    entrance: paragraph(600),
  }),
});

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use 24-hour HH:MM");

const openingDaySchema = z
  .object({ day: z.enum(weekdays), opens: clock.nullable(), closes: clock.nullable(), note: line(100) })
  .refine((day) => (day.opens === null) === (day.closes === null), {
    message: "Give both the opening and the closing time, or neither (by appointment)",
    path: ["closes"],
  })
  .refine((day) => day.opens === null || day.closes === null || day.opens < day.closes, {
    message: "Closing time must be after opening time",
    path: ["closes"],
  });

const closureSchema = z
  .object({ from: calendarDate, to: calendarDate, note: line(200) })
  .refine((closure) => closure.from <= closure.to, { message: "Ends before it starts", path: ["to"] });

const hoursSectionSchema = z.object({
  /** Monday to Sunday, in that order: the footer, the contact page and the structured data. */
  weekly: z
    .array(openingDaySchema)
    .length(7, "Give all seven days")
    .refine((days) => days.every((day, i) => day.day === weekdays[i]), "List the days Monday to Sunday"),
  /** Days the studio is closed whatever the weekly hours say (holidays, guest spots, leave). */
  closures: z.array(closureSchema).max(100, "At most 100 closures"),
});

const sizedBand = z.object({ label: line(60), inches: line(20), range: line(40) });
const band = z.object({ label: line(60), range: line(40) });
const styleBands = z.object({ small: line(40), medium: line(40), large: line(40) });

const pricesSectionSchema = z.object({
  small: sizedBand,
  medium: sizedBand,
  large: sizedBand,
  coverUp: band,
  customDesign: band,
  flash: band,
  minimumCharge: z.number().int().min(0).max(100_000),
  /** Per-style ranges on the home page's cards. */
  styles: z.object({
    traditional: styleBands,
    realism: styleBands,
    spiritual: styleBands,
    coverUps: z.object({ range: line(40) }),
  }),
});

/** The policies' texts may name facts ({deposit}, {noticeHours}...), filled in where shown. */
const policiesSectionSchema = z.object({
  deposit: z.object({ amount: z.number().int().min(0).max(100_000), summary: paragraphWithFacts(600) }),
  cancellation: z.array(line(200).superRefine(namesOnlyFacts)).min(1).max(10),
  touchUps: line(200).superRefine(namesOnlyFacts),
  touchUpWeeks: z.number().int().min(0).max(52),
  payment: paragraphWithFacts(600),
  companions: paragraphWithFacts(600),
  age: paragraphWithFacts(600),
  booking: z.object({
    bookAhead: line(40),
    rescheduleNoticeHours: z.number().int().min(0).max(720),
    /** Shown only while the studio keeps a card on file (shared/payment-methods.ts). */
    cardOnFile: paragraphWithFacts(600),
    beforeYourSession: paragraphWithFacts(600),
    paymentMethods: z.array(line(40)).min(1).max(20),
    cashPricing: paragraphWithFacts(600),
  }),
  aftercare: z.object({
    dermShield: line(40),
    noSoaking: line(40),
    moisturise: line(40),
    surfaceHealing: line(40),
    fullHealing: line(40),
  }),
});

/** A line across the top of every page, or none (null); shown only between its dates, if set. */
const announcementSectionSchema = z
  .object({
    text: line(200),
    link: z.object({ href, label: line(60) }).optional(),
    startsOn: calendarDate.optional(),
    endsOn: calendarDate.optional(),
  })
  .refine((a) => !a.startsOn || !a.endsOn || a.startsOn <= a.endsOn, {
    message: "Ends before it starts",
    path: ["endsOn"],
  })
  .nullable();

/** Whether the artist takes new bookings; when closed the booking pages say so, with her message. */
const bookingSectionSchema = z.object({ booksOpen: z.boolean(), message: paragraph(500).optional() });

/** Every section by name, in the order the editor lists them. */
export const contentSectionSchemas = {
  studio: studioSectionSchema,
  hours: hoursSectionSchema,
  prices: pricesSectionSchema,
  policies: policiesSectionSchema,
  portfolio: portfolioSectionSchema,
  flash: flashSectionSchema,
  testimonials: testimonialsSectionSchema,
  faq: faqSectionSchema,
  announcement: announcementSectionSchema,
  booking: bookingSectionSchema,
} as const;

export type ContentSectionName = keyof typeof contentSectionSchemas;
export const contentSectionNames = Object.keys(contentSectionSchemas) as ContentSectionName[];
export const isContentSectionName = (name: string): name is ContentSectionName =>
  Object.hasOwn(contentSectionSchemas, name);

/** The whole content: what one published version holds. */
export const studioContentSchema = z.object(contentSectionSchemas);
export type StudioContent = z.infer<typeof studioContentSchema>;

/**
 * What may go live: the content, with every piece a visitor can see photographed and described
 * for screen readers. A draft may lack either (a piece is often written up before its photo is
 * taken, or uploaded first and described later); publishing refuses it, naming the piece.
 */
export const publishableContentSchema = studioContentSchema.superRefine((content, ctx) => {
  content.portfolio.forEach((piece, index) => {
    if (!piece.hidden && !piece.image)
      ctx.addIssue({
        code: "custom",
        path: ["portfolio", index, "image"],
        message: `Upload a photo of "${piece.title}" before showing it on the site, or hide it`,
      });
    if (!piece.hidden && !piece.alt)
      ctx.addIssue({
        code: "custom",
        path: ["portfolio", index, "alt"],
        message: `Describe "${piece.title}" for visitors who cannot see it (alt text), or hide it`,
      });
  });
});

/** What publishing (or restoring an older version) sends: the version the editor last saw. */
export const publishSchema = z.object({
  baseVersion: z.number().int().min(0),
  note: line(200).optional(),
});
