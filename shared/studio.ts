/**
 * The studio's facts: the one source every page, the footer, the legal text and the structured
 * data read from (DECISIONS.md, "One source of truth for studio facts"). Change a fact here and
 * it changes everywhere.
 */

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
    experienceYears: 8,
    experienceLabel: "8+ years",
    tattoosLabel: "1000+ tattoos",
    rating: 5.0,
    healingRate: "95%",
    satisfaction: "100%",
    custom: "100%",
    licensedAndInsured: true,
    replyWithin: "24 hours",
    consultationMinutes: "30-45 minutes",
    minimumAge: 18,
  },
  currency: "USD",
  themeColor: "#d4af37",
} as const;

export type Weekday = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";

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

export const hoursSummary = {
  open: "Thursday to Sunday, 12 PM to 6 PM (walk-ins welcome or by appointment)",
  appointment: "Monday to Wednesday, consultations by appointment only",
} as const;

export const prices = {
  small: { label: "Small (2-4 in)", range: "$150-300" },
  medium: { label: "Medium (4-6 in)", range: "$300-600" },
  large: { label: "Large (6+ in)", range: "$600+" },
  coverUp: { label: "Cover-ups", range: "By quote" },
  customDesign: { label: "Custom design", range: "From $150" },
  flash: { label: "Flash designs", range: "$150-300" },
  minimumCharge: 150,
} as const;

export const policies = {
  deposit: {
    amount: 100,
    summary:
      "A $100 cash deposit secures your appointment. It is applied to the final price and is non-refundable, but transferable with 48 hours' notice.",
  },
  cancellation: [
    "48 hours or more: your deposit transfers to the new date",
    "24 to 47 hours: 50% of the deposit is retained",
    "Under 24 hours or no-show: the full deposit is forfeited",
  ],
  touchUps: "Free touch-ups within 6 weeks",
  touchUpWeeks: 6,
  payment: "Full payment is due on completion. Cash, cards, Venmo and Zelle accepted; no payment plans.",
  companions: "One companion is welcome, also 18 or older.",
  age: "Clients must be 18 or older, with government ID. No exceptions.",
} as const;

export const telHref = `tel:${studio.phone.e164}`;
export const smsHref = `sms:${studio.phone.e164}`;
export const mailtoHref = `mailto:${studio.email}`;
export const addressLine = `${studio.address.street}, ${studio.address.locality}, ${studio.address.region} ${studio.address.postalCode}`;
