/**
 * The studio's facts as the site was first written: the seed of the published content (see
 * shared/content/module-content.ts) and what the build prerenders its fallback pages from.
 * Nothing a visitor reads comes from here directly: pages, e-mails, status pages and calendar
 * files state the published version's facts through one reader, `factsFrom`
 * (shared/content-facts.ts), which also fills in the `{token}`s these texts use. Code reads
 * this module only for what is not published content (the time zone its clock keeps).
 */

import { studioTimeZone } from "./clock-words";

const experienceYears = 8;
const minimumAge = 18;
const minimumCharge = 150;
const depositAmount = 100;
/** Notice, in hours, that moves a deposit to a new date (and under which cancellation costs). */
const rescheduleNoticeHours = 48;

export const studio = {
  name: "Gilded Needle Tattoo",
  shortName: "Gilded Needle",
  artist: {
    name: "Mara Ellison",
    firstName: "Mara",
    role: "Owner and tattoo artist",
  },
  phone: {
    display: "(301) 555-0142",
    e164: "+13015550142",
  },
  email: "studio@gildedneedletattoo.com",
  address: {
    street: "9012 Main Street, Suite 2",
    locality: "Laurel",
    region: "MD",
    regionName: "Maryland",
    postalCode: "20707",
    country: "US",
  },
  /** Latitude and longitude of the studio, used for distances and structured data. */
  geo: { latitude: 39.0993, longitude: -76.8483 },
  serviceArea: {
    towns: ["Laurel", "Beltsville", "College Park"],
    label: "Laurel, Beltsville, College Park and the DMV area",
    radiusMiles: 25,
  },
  social: {
    instagram: "https://www.instagram.com/gildedneedletattoo",
    instagramHandle: "@gildedneedletattoo",
  },
  bookingWidgetUrl: "https://book.gildedneedletattoo.com",
  claims: {
    experienceYears,
    experienceLabel: `${experienceYears}+ years`,
    tattoosLabel: "1000+ tattoos",
    rating: 5.0,
    healingRate: "95%",
    satisfaction: "100%",
    custom: "100%",
    licensedAndInsured: true,
    replyWithin: "24 hours",
    consultationMinutes: "30-45 minutes",
    averageSession: "6-8 hours",
    minimumAge,
  },
  /** IANA time zone the studio keeps its hours and dates in. */
  timeZone: studioTimeZone,
  currency: "USD",
  /**
   * The browser toolbar's colour (the theme-color meta): the page's own near-black, so the
   * toolbar and the page read as one dark surface and the gold (#d4af37) stays an accent. See
   * docs/decisions/009-theme-color.md.
   */
  themeColor: "#0d0c0b",
} as const;

type Weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

export interface OpeningDay {
  day: Weekday;
  /** 24-hour "HH:MM", or null when the studio is open by appointment only. */
  opens: string | null;
  closes: string | null;
  note: string;
}

/** Thu-Sun 12:00-18:00 walk-ins welcome or by appointment; Mon-Wed consultations by appointment. */
export const openingHours: readonly OpeningDay[] = [
  { day: "Monday", opens: null, closes: null, note: "Consultations by appointment only" },
  { day: "Tuesday", opens: null, closes: null, note: "Consultations by appointment only" },
  { day: "Wednesday", opens: null, closes: null, note: "Consultations by appointment only" },
  { day: "Thursday", opens: "12:00", closes: "18:00", note: "Walk-ins welcome or by appointment" },
  { day: "Friday", opens: "12:00", closes: "18:00", note: "Walk-ins welcome or by appointment" },
  { day: "Saturday", opens: "12:00", closes: "18:00", note: "Walk-ins welcome or by appointment" },
  { day: "Sunday", opens: "12:00", closes: "18:00", note: "Walk-ins welcome or by appointment" },
];

/**
 * Tattoo sizes (longest side, in inches): the one list the price bands, the consultation form's
 * size choices and the idea writer read, so a size can never mean two things on two pages.
 */
const tattooSizes = {
  small: { name: "Small", inches: "2-4" },
  medium: { name: "Medium", inches: "4-6" },
  large: { name: "Large", inches: "6+" },
} as const;
type SizeKey = keyof typeof tattooSizes;

const sizeBand = (key: SizeKey, range: string) => ({
  label: `${tattooSizes[key].name} (${tattooSizes[key].inches} in)`,
  inches: tattooSizes[key].inches,
  range,
});

export const prices = {
  small: sizeBand("small", "$150-300"),
  medium: sizeBand("medium", "$300-600"),
  large: sizeBand("large", "$600+"),
  coverUp: { label: "Cover-ups", range: "By quote" },
  customDesign: { label: "Custom design", range: `From $${minimumCharge}` },
  flash: { label: "Flash designs", range: "$150-300" },
  minimumCharge,
} as const;

/** Free touch-ups within this many weeks: the figure the terms of service bind the studio to. */
const touchUpWeeks = 6;

export const policies = {
  deposit: {
    amount: depositAmount,
    // How the deposit is paid is not part of these words: every page adds it from how the
    // studio takes payment (shared/payment-methods.ts), so no text names a method it lacks.
    summary:
      "A {deposit} deposit secures your appointment. It is applied to the final price and is non-refundable, but transferable with {noticeHours} hours' notice.",
  },
  cancellation: [
    "{noticeHours} hours or more: your deposit transfers to the new date",
    `24 to ${rescheduleNoticeHours - 1} hours: 50% of the deposit is retained`,
    "Under 24 hours or no-show: the full deposit is forfeited",
  ],
  touchUps: "Free touch-ups within {touchUpWeeks} weeks",
  touchUpWeeks,
  /** When payment is due; the accepted methods are listed once, in `bookingFacts.paymentMethods`. */
  payment: "Full payment is due on completion; there are no payment plans.",
  companions: "One companion is welcome, also {minimumAge} or older.",
  age: "Clients must be {minimumAge} or older, with government ID. No exceptions.",
} as const;

/** "Main Street": the street without its number or suite. */
export const streetName = studio.address.street.replace(/^\d+\s+/, "").split(",")[0] ?? studio.address.street;

/**
 * Finding the studio: what the contact page's map draws and what its directions say, so the
 * drawing and the words name the same landmarks.
 */
export const studioLandmarks = {
  neighbourhood: "Old Town Laurel",
  highway: "US 1",
  station: "Laurel MARC station",
  river: "Patuxent River",
} as const;

/**
 * Home page specialization cards. These are per-style ranges, deliberately not the general size
 * bands of `prices`: a realism piece costs more than a traditional one of the same size.
 */
export const stylePrices = {
  traditional: { small: "$200-400", medium: "$350-650", large: "$600-1200+" },
  realism: { small: "$400-600", medium: "$600-1000", large: "$1000-2500+" },
  spiritual: { small: "$150-350", medium: "$300-700", large: "$600-1500+" },
  coverUps: { range: "$400-2000+" },
} as const;

export const bookingFacts = {
  bookAhead: "2-4 weeks",
  rescheduleNoticeHours,
  /** Shown only while the studio really keeps a card on file (PaymentSetup.cardOnFile). */
  cardOnFile:
    "A credit card on file is required for every appointment. It is charged only for a no-show or a cancellation within {noticeHours} hours.",
  beforeYourSession: "Avoid alcohol and aspirin for 24 hours before your session.",
  paymentMethods: ["Cash", "Visa", "MasterCard", "American Express", "Apple Pay", "Venmo", "Zelle"],
  cashPricing: "Quoted prices are based on cash.",
} as const;

/** Healing figures the aftercare guide and the FAQ state. */
export const aftercareFacts = {
  dermShield: "3-5 days",
  noSoaking: "2 weeks",
  moisturise: "2-3 times a day",
  surfaceHealing: "2-4 weeks",
  fullHealing: "4-6 weeks",
} as const;
