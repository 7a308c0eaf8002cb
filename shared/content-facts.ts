import type { StudioContent } from "./schemas/content";

/**
 * The facts every page states, derived from the published content: the one place a label such
 * as "Thursday to Sunday" or a tel: link is worked out, so the header, the footer, a page and
 * its structured data can never word the same fact two ways. Pages read them through
 * `useFacts()` (site/content/content-context.tsx); the worker's server render derives them from
 * the version it renders.
 */

/** The sections every page carries to the browser: small, and read by the layout itself. */
export const factSections = ["studio", "hours", "prices", "policies", "announcement", "booking"] as const;
export type FactSection = (typeof factSections)[number];
export type FactsContent = Pick<StudioContent, FactSection>;
export type OpeningDay = StudioContent["hours"]["weekly"][number];

/**
 * The words of every button that leads to the booking page, so no two pages word it
 * differently; while the books are closed that page is the waitlist, and the buttons say so.
 * A function beside the facts rather than one of them: the islands' copy of the facts (the
 * request form's script, at its budget) then carries nothing it never shows.
 */
export const bookingLabelFor = (booksOpen: boolean) =>
  booksOpen ? "Book a free consultation" : "Join the waitlist";

/** "12:00" -> "12 PM", "18:00" -> "6 PM". */
function formatHour(value: string): string {
  const [h = 0, m = 0] = value.split(":").map(Number);
  const suffix = h >= 12 ? "PM" : "AM";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return m ? `${hour}:${String(m).padStart(2, "0")} ${suffix}` : `${hour} ${suffix}`;
}

const dayRange = (days: readonly OpeningDay[]) =>
  days.length === 0 ? "" : `${days[0]?.day} to ${days[days.length - 1]?.day}`;

export function factsFrom(content: FactsContent) {
  const { studio, hours, prices, policies, announcement, booking } = content;
  const openingHours = hours.weekly;
  const walkInDays = openingHours.filter((day) => day.opens && day.closes);
  const appointmentDays = openingHours.filter((day) => !day.opens);
  const walkInDaysLabel = dayRange(walkInDays);
  const walkInHoursLabel = `${formatHour(walkInDays[0]?.opens ?? "")} to ${formatHour(walkInDays[0]?.closes ?? "")}`;
  const appointmentDaysLabel = dayRange(appointmentDays);
  const addressLine = `${studio.address.street}, ${studio.address.locality}, ${studio.address.region} ${studio.address.postalCode}`;
  const { booking: bookingFacts, aftercare: aftercareFacts, ...policyText } = policies;
  const { styles: stylePrices, ...priceBandsByName } = prices;
  const { neighbourhood, highway, station, river } = studio.findingTheStudio;
  return {
    studio,
    openingHours,
    closures: hours.closures,
    walkInDaysLabel,
    walkInHoursLabel,
    appointmentDaysLabel,
    hoursSummary: {
      open: `${walkInDaysLabel}, ${walkInHoursLabel} (walk-ins welcome or by appointment)`,
      appointment: `${appointmentDaysLabel}, consultations by appointment only`,
    },
    prices: priceBandsByName,
    priceBands: [prices.small, prices.medium, prices.large, prices.coverUp] as const,
    stylePrices,
    touchUpWeeks: policies.touchUpWeeks,
    policies: policyText,
    bookingFacts,
    aftercareFacts,
    telHref: `tel:${studio.phone.e164}`,
    smsHref: `sms:${studio.phone.e164}`,
    mailtoHref: `mailto:${studio.email}`,
    /** "Main Street": the street without its number or suite. */
    streetName: studio.address.street.replace(/^\d+\s+/, "").split(",")[0] ?? studio.address.street,
    addressLine,
    studioLandmarks: { neighbourhood, highway, station, river },
    directionsHref: `https://www.google.com/maps/dir/?${new URLSearchParams({ api: "1", destination: `${studio.name}, ${addressLine}` })}`,
    announcement,
    booksOpen: booking.booksOpen,
    bookingMessage: booking.message,
    /** schema.org openingHoursSpecification built from the one hours table. */
    openingHoursSpecification: () =>
      walkInDays.map((day) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${day.day}`,
        opens: day.opens,
        closes: day.closes,
      })),
  };
}

export type Facts = ReturnType<typeof factsFrom>;
