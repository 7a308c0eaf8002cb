import { policies, studio } from "../../../shared/studio";
import type { Booking } from "../../db/schema";
import { escapeHtml } from "../../lib/form-page";
import {
  calendarDayText,
  dayIn as longDate,
  timeOfDayIn as timeIn,
  zoneNameAt as zoneName,
} from "../../platform/studio-clock";
import {
  addDays,
  availabilityFor,
  bookingStateOf,
  bookingWindow,
  type CancellationTier,
  daysPerWeek,
  type SlotDay,
  slotsByDay,
  studioAddressLine,
  tierFor,
  zoneOffsetMs,
} from "../../services/booking";
import type { JourneyContext } from "./journey";

/**
 * The status page's booking part: after the deposit, the client picks a start time (a plain form
 * of radio buttons, a week at a time), then sees the session with its calendar file, and can move
 * it (with the notice that transfers the deposit) or cancel it, told first what that costs.
 */

export const bookingAnchor = "booking";

const zone = studio.timeZone;

const dayLabel = (date: string) => calendarDayText(date);

/** The visitor's zone, when it is a real one whose clock differs from the studio's at `iso`. */
function otherZone(visitor: string | null, iso: string): string | null {
  if (!visitor) return null;
  try {
    const at = Date.parse(iso);
    return zoneOffsetMs(at, visitor) === zoneOffsetMs(at, zone) ? null : visitor;
  } catch {
    return null;
  }
}

const tierWords: Record<CancellationTier, string> = {
  transfer: "your deposit stays with the studio and moves to your new date.",
  "half-kept": "the studio keeps half of your deposit (under 48 hours' notice).",
  forfeited: "your deposit is forfeited (under 24 hours' notice).",
};

function sessionLength(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function banner(query: URLSearchParams): string {
  if (query.get("booked") === "1")
    return `<p class="request-status__banner request-status__banner--success" role="status">Your session is booked. We have e-mailed you the details.</p>`;
  if (query.get("taken") === "1")
    return `<p class="request-status__banner request-status__banner--error" role="alert">That time was just taken. Here are the times still free.</p>`;
  if (query.get("cancelled") === "1")
    return `<p class="request-status__banner request-status__banner--success" role="status">Your session is cancelled. We have e-mailed you to confirm.</p>`;
  if (query.get("booking") === "tier-changed")
    return `<p class="request-status__banner request-status__banner--error" role="alert">The notice you give has just changed what cancelling costs. Please read it again below before you confirm.</p>`;
  if (query.get("booking") === "refused")
    return `<p class="request-status__banner request-status__banner--error" role="alert">That time cannot be booked. Please choose one from the list.</p>`;
  return "";
}

function weekNav(token: string, week: number, weeks: number, extra: string): string {
  const link = (to: number, label: string, rel: string) =>
    `<a class="booking-week__link" rel="${rel}" href="/requests/${token}?week=${to}${extra}#${bookingAnchor}">${label}</a>`;
  return `<nav class="booking-week" aria-label="Weeks">${
    week > 0
      ? link(week - 1, "← Earlier week", "prev")
      : `<span class="booking-week__link" aria-hidden="true"></span>`
  }${week + 1 < weeks ? link(week + 1, "Later week →", "next") : ""}</nav>`;
}

function pickerHtml(
  context: JourneyContext,
  days: SlotDay[],
  week: number,
  weeks: number,
  sessionMinutes: number,
  moving: boolean,
): string {
  const { token, visitorTimeZone } = context;
  const anySlot = days.find((day) => day.slots.length);
  const sample = anySlot?.slots[0]?.startsAt ?? context.now.toISOString();
  const visitor = otherZone(visitorTimeZone, sample);
  const zones = visitor
    ? `Times are the studio's (${escapeHtml(zoneName(sample, zone))}), with yours (${escapeHtml(zoneName(sample, visitor))}) beside them.`
    : `Times are the studio's (${escapeHtml(zoneName(sample, zone))}).`;
  const dayList = days
    .map((day) => {
      const label = escapeHtml(dayLabel(day.date));
      if (!day.slots.length) {
        const why = day.closed === "no-hours" ? "consultations only" : day.closed ? "closed" : "fully booked";
        return `<li class="booking-day booking-day--none"><span class="booking-day__name">${label}</span> <span class="booking-day__none">${why}</span></li>`;
      }
      const slots = day.slots
        .map((slot) => {
          const theirs = otherZone(visitorTimeZone, slot.startsAt);
          return `<label class="booking-slot"><input type="radio" name="startsAt" value="${slot.startsAt}" required /><span class="booking-slot__time">${escapeHtml(
            timeIn(slot.startsAt, zone),
          )}</span>${
            theirs
              ? `<span class="booking-slot__yours">${escapeHtml(timeIn(slot.startsAt, theirs))} yours</span>`
              : ""
          }</label>`;
        })
        .join("");
      return `<li class="booking-day"><fieldset><legend class="booking-day__name">${label}</legend><div class="booking-slots">${slots}</div></fieldset></li>`;
    })
    .join("");
  const extra = moving ? "&amp;reschedule=1" : "";
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const range = first && last ? `${escapeHtml(dayLabel(first))} to ${escapeHtml(dayLabel(last))}` : "";
  return `<p>${moving ? "Choose the new time: your deposit moves with it, and your current time stays yours until you do." : `Your deposit is paid: choose when your session starts.`} It lasts ${sessionLength(
    sessionMinutes,
  )}. ${zones}</p>
<h3 class="booking-range">${range}</h3>
${weekNav(token, week, weeks, extra)}
<form class="booking-form" method="post" action="/requests/${token}/booking">
<ul class="booking-days">${dayList}</ul>
${anySlot ? `<button class="button button--primary" type="submit">${moving ? "Move my session to this time" : "Book this time"}</button>` : `<p>No time is free this week: see a later week, or call the studio.</p>`}
</form>
${moving ? `<p><a href="/requests/${token}#${bookingAnchor}">Keep my current time</a></p>` : ""}`;
}

function policyHtml(): string {
  return `<details class="booking-policy"><summary>Moving or cancelling: the deposit policy</summary><ul>${policies.cancellation
    .map((tier) => `<li>${escapeHtml(tier)}</li>`)
    .join("")}</ul></details>`;
}

async function bookedHtml(context: JourneyContext, booking: Booking): Promise<string> {
  const { token, now, query, visitorTimeZone } = context;
  const tier = tierFor(booking.startsAt, now);
  const visitor = otherZone(visitorTimeZone, booking.startsAt);
  const when = `${escapeHtml(longDate(booking.startsAt, zone))}, ${escapeHtml(timeIn(booking.startsAt, zone))} to ${escapeHtml(
    timeIn(booking.endsAt, zone),
  )} <span class="booking-when__zone">${escapeHtml(zoneName(booking.startsAt, zone))}</span>`;
  const yours = visitor
    ? `<p class="booking-when__yours">Your time: ${escapeHtml(longDate(booking.startsAt, visitor))}, ${escapeHtml(
        timeIn(booking.startsAt, visitor),
      )} to ${escapeHtml(timeIn(booking.endsAt, visitor))} (${escapeHtml(zoneName(booking.startsAt, visitor))})</p>`
    : "";
  const confirming = query.get("cancel") === "1";
  const cancel = confirming
    ? `<div class="booking-confirm" id="booking-cancel"><h3>Cancel your session?</h3><p>If you cancel now, ${escapeHtml(tierWords[tier])}</p>
<form method="post" action="/requests/${token}/booking/cancel"><input type="hidden" name="tier" value="${tier}" /><button class="button button--ghost booking-confirm__yes" type="submit">Yes, cancel my session</button></form>
<p><a href="/requests/${token}#${bookingAnchor}">No, keep it</a></p></div>`
    : `<p>If you cancel now, ${escapeHtml(tierWords[tier])}</p><p class="booking-actions">${
        tier === "transfer"
          ? `<a class="button button--ghost" href="/requests/${token}?reschedule=1#${bookingAnchor}">Choose another time</a> `
          : ""
      }<a class="button button--ghost" href="/requests/${token}?cancel=1#${bookingAnchor}">Cancel my session</a></p>${
        tier === "transfer"
          ? ""
          : `<p>With under 48 hours to go, a session can no longer move with its deposit. To change it, call the studio at ${escapeHtml(studio.phone.display)}.</p>`
      }`;
  return `<p class="booking-when"><strong>${when}</strong></p>${yours}
<p>At the studio: ${escapeHtml(await studioAddressLine(context.env.DB))}</p>
<p class="booking-calendar"><a class="button button--primary" href="/requests/${token}/booking.ics" download="tattoo-session.ics">Add to my calendar</a></p>
<h3>Moving or cancelling</h3>${cancel}${policyHtml()}`;
}

export async function bookingPart(context: JourneyContext): Promise<string> {
  const { env, request, query, now, token } = context;
  const { gate, booking } = await bookingStateOf(env.DB, request.id);
  const live = booking?.status === "booked" ? booking : null;
  if (booking?.status === "completed") return "";
  const section = (title: string, body: string) =>
    `<section class="request-status__card booking" id="${bookingAnchor}" aria-labelledby="booking-title" tabindex="-1"><h2 id="booking-title">${title}</h2>${banner(query)}${body}</section>`;
  if (live && !(query.get("reschedule") === "1" && tierFor(live.startsAt, now) === "transfer")) {
    return section("Your session", await bookedHtml(context, live));
  }
  if (!gate) {
    if (booking?.status !== "cancelled") return "";
    return section(
      "Your session",
      `<p>Your session of ${escapeHtml(longDate(booking.startsAt, zone))} was cancelled. To book again, message the artist below or call the studio.</p>`,
    );
  }
  const { first, last } = bookingWindow(now, zone);
  const totalDays =
    Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;
  const weeks = Math.ceil(totalDays / daysPerWeek);
  const asked = Number.parseInt(query.get("week") ?? "0", 10);
  const week = Number.isFinite(asked) ? Math.min(Math.max(asked, 0), weeks - 1) : 0;
  const availability = await availabilityFor(env.DB, {
    now,
    sessionMinutes: gate.quote.sessionMinutes,
    moving: live?.id ?? null,
  });
  const days = slotsByDay(availability, addDays(first, week * daysPerWeek), daysPerWeek);
  const cancelledNote =
    booking?.status === "cancelled"
      ? `<p>Your session of ${escapeHtml(longDate(booking.startsAt, zone))} was cancelled; your deposit holds a new date.</p>`
      : "";
  return section(
    live ? "Move your session" : "Book your session",
    `${cancelledNote}${pickerHtml({ ...context, token }, days, week, weeks, gate.quote.sessionMinutes, Boolean(live))}${live ? "" : policyHtml()}`,
  );
}
