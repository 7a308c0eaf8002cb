import { cashOnly, depositPaymentSentence, type PaymentSetup } from "./payment-methods";
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
/**
 * What the facts are worked out from: the published sections, and how this deployment takes
 * payment (cash only when not given).
 */
export type FactsContent = Pick<StudioContent, FactSection> & { payment?: PaymentSetup | undefined };
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

const weekOrder = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/**
 * "Thursday to Sunday", "Thursday and Friday", "Saturday", or "Monday, Wednesday and Friday"
 * for days that do not follow one another: every day named, none implied that is not in the list.
 */
function daysLabel(days: readonly OpeningDay[]): string {
  const names = days.map((day) => day.day);
  if (names.length === 0) return "";
  if (names.length === 1) return names[0] ?? "";
  const first = weekOrder.indexOf(names[0] ?? "");
  const consecutive = names.every((name, i) => weekOrder.indexOf(name) === first + i);
  if (consecutive && names.length > 2) return `${names[0]} to ${names[names.length - 1]}`;
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

const hoursOf = (day: OpeningDay) =>
  day.opens && day.closes ? `${formatHour(day.opens)} to ${formatHour(day.closes)}` : null;
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The week in runs of days that follow one another with the same hours and note: every day of
 * the table is in exactly one run, so a summary can never state one day's hours for another.
 */
function runsOf(week: readonly OpeningDay[], same: (a: OpeningDay, b: OpeningDay) => boolean) {
  const runs: OpeningDay[][] = [];
  for (const day of week) {
    const last = runs[runs.length - 1];
    const previous = last?.[last.length - 1];
    if (last && previous && same(previous, day)) last.push(day);
    else runs.push([day]);
  }
  return runs;
}

/** "Thursday to Sunday, 12 PM to 6 PM (walk-ins welcome or by appointment)". */
function runLine(run: OpeningDay[]): string {
  const [first] = run;
  if (!first) return "";
  const hours = hoursOf(first);
  const note = first.note ? lowerFirst(first.note) : "";
  if (!hours) return `${daysLabel(run)}, ${note || "by appointment"}`;
  return note ? `${daysLabel(run)}, ${hours} (${note})` : `${daysLabel(run)}, ${hours}`;
}

/**
 * The names a text the artist writes (an FAQ answer, a policy) can use for a fact, as
 * `{deposit}`: filled in from the same published content wherever the text is shown, so an
 * answer never states last month's price. The content schema refuses any other name.
 */
export const factTokenNames = [
  "deposit",
  "minimumCharge",
  "smallPrice",
  "mediumPrice",
  "largePrice",
  "flashPrice",
  "openHours",
  "appointmentHours",
  "noticeHours",
  "bookAhead",
  "replyWithin",
  "consultationLength",
  "minimumAge",
  "touchUpWeeks",
  "locality",
  "regionName",
  "serviceArea",
  "radiusMiles",
  "artist",
  "dermShield",
  "noSoaking",
  "moisturise",
  "surfaceHealing",
  "fullHealing",
] as const;
type FactToken = (typeof factTokenNames)[number];

/** A `{name}` in a text, as factTokenNames lists them. */
const factTokenPattern = /\{([A-Za-z]+)\}/g;

/** The tokens a text uses that are not facts (what the content schema refuses). */
export function unknownFactTokens(text: string): string[] {
  return [...text.matchAll(factTokenPattern)]
    .map((match) => match[1] ?? "")
    .filter((name) => !(factTokenNames as readonly string[]).includes(name));
}

function fillWith(values: Record<FactToken, string>) {
  return (text: string) =>
    text.replace(factTokenPattern, (whole, name: string) =>
      Object.hasOwn(values, name) ? values[name as FactToken] : whole,
    );
}

/** Every string of a value with its fact tokens filled in (a policy section, a list of lines). */
function filledDeep<T>(value: T, fill: (text: string) => string): T {
  if (typeof value === "string") return fill(value) as T;
  if (Array.isArray(value)) return value.map((item) => filledDeep(item, fill)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, filledDeep(item, fill)])) as T;
  return value;
}

export function factsFrom(content: FactsContent) {
  const { studio, hours, prices, announcement, booking } = content;
  const payment = content.payment ?? cashOnly;
  const openingHours = hours.weekly;
  const walkInDays = openingHours.filter((day) => day.opens && day.closes);
  const appointmentDays = openingHours.filter((day) => !day.opens);
  const follows = (a: OpeningDay, b: OpeningDay) => weekOrder.indexOf(b.day) === weekOrder.indexOf(a.day) + 1;
  const sameDay = (a: OpeningDay, b: OpeningDay) =>
    follows(a, b) && a.opens === b.opens && a.closes === b.closes && a.note === b.note;
  const openRuns = runsOf(walkInDays, sameDay);
  const appointmentRuns = runsOf(appointmentDays, sameDay);
  const hoursSummary = {
    /** The open days' hours, each run of days with the same hours once. */
    open: openRuns.map(runLine).join("; "),
    /** The days open by appointment only. */
    appointment: appointmentRuns.map(runLine).join("; "),
    /** Every day of the week in one line a run of days, the open days first: what the footer lists. */
    lines: [...openRuns, ...appointmentRuns].map(runLine),
  };
  /** "Thursday to Sunday 12 PM to 6 PM", or each run of open days with its own hours. */
  const walkInTimes = runsOf(walkInDays, (a, b) => follows(a, b) && hoursOf(a) === hoursOf(b))
    .map((run) => `${daysLabel(run)} ${run[0] ? hoursOf(run[0]) : ""}`)
    .join(", ");
  const addressLine = `${studio.address.street}, ${studio.address.locality}, ${studio.address.region} ${studio.address.postalCode}`;
  const fill = fillWith({
    deposit: `$${content.policies.deposit.amount}`,
    minimumCharge: `$${prices.minimumCharge}`,
    smallPrice: prices.small.range,
    mediumPrice: prices.medium.range,
    largePrice: prices.large.range,
    flashPrice: prices.flash.range,
    openHours: hoursSummary.open,
    appointmentHours: hoursSummary.appointment,
    noticeHours: String(content.policies.booking.rescheduleNoticeHours),
    bookAhead: content.policies.booking.bookAhead,
    replyWithin: studio.claims.replyWithin,
    consultationLength: studio.claims.consultationMinutes,
    minimumAge: String(studio.claims.minimumAge),
    touchUpWeeks: String(content.policies.touchUpWeeks),
    locality: studio.address.locality,
    regionName: studio.address.regionName,
    serviceArea: studio.serviceArea.label,
    radiusMiles: String(studio.serviceArea.radiusMiles),
    artist: studio.artist.firstName,
    ...content.policies.aftercare,
  });
  const policies = filledDeep(content.policies, fill);
  const { booking: bookingTexts, aftercare: aftercareFacts, ...policyText } = policies;
  // The card-on-file policy is the studio's words for a practice it may not have: it is stated
  // only while a card is really kept (cardOnFilePolicy), never from the booking texts.
  const { cardOnFile, ...bookingFacts } = bookingTexts;
  const { styles: stylePrices, ...priceBandsByName } = prices;
  const { neighbourhood, highway, station, river } = studio.findingTheStudio;
  return {
    studio,
    openingHours,
    closures: hours.closures,
    /** The days open for walk-ins: "Thursday to Sunday". */
    walkInDaysLabel: daysLabel(walkInDays),
    walkInTimes,
    /** The days open for consultations by appointment only: "Monday to Wednesday". */
    appointmentDaysLabel: daysLabel(appointmentDays),
    hoursSummary,
    prices: priceBandsByName,
    priceBands: [prices.small, prices.medium, prices.large, prices.coverUp] as const,
    stylePrices,
    touchUpWeeks: policies.touchUpWeeks,
    policies: policyText,
    /** The deposit policy and how the deposit is paid here, in the words every page uses. */
    depositWords: `${policyText.deposit.summary} ${depositPaymentSentence(payment)}`,
    cardOnFilePolicy: payment.cardOnFile ? cardOnFile : null,
    payment,
    bookingFacts,
    aftercareFacts,
    /** A text the artist wrote (an FAQ answer) with its fact tokens filled in. */
    fillFacts: fill,
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
