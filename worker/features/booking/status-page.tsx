/** @jsxImportSource hono/jsx */
import type { Child } from "hono/jsx";
import type { Facts } from "../../../shared/content-facts";
import { studio } from "../../../shared/studio";
import { Banner } from "../../platform/banner";
import {
  calendarDayText,
  dayIn as longDate,
  timeOfDayIn as timeIn,
  zoneNameAt as zoneName,
} from "../../platform/studio-clock";
import { CardOnFile, CardStep, cardOnFileOf } from "../quotes-and-deposits/card-step";
import { StageCard } from "../request-status";
import type { JourneyContext, Section } from "../request-status/journey";
import {
  addDays,
  availabilityFor,
  type Booking,
  bookingStateOf,
  bookingWindow,
  type CancellationTier,
  clientChangeLimit,
  daysPerWeek,
  minimumNoticeHours,
  type SlotDay,
  slotsByDay,
  tierFor,
  zoneOffsetMs,
} from ".";

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
  transfer: "your deposit stays paid and holds a new date: choose one on this page whenever you are ready.",
  "half-kept": "the studio keeps half of your deposit (under 48 hours' notice).",
  forfeited: "your deposit is forfeited (under 24 hours' notice).",
};

/** What cancelling costs now; with no deposit held (one refunded, or a session set up by hand), nothing. */
const cancelWords = (tier: CancellationTier, depositHeld: boolean) =>
  depositHeld ? tierWords[tier] : "nothing is charged: no deposit is held for this session.";

function sessionLength(minutes: number): string {
  if (minutes % 60 === 0) return `${minutes / 60} hour${minutes === 60 ? "" : "s"}`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What the client reads once their changes from the page are used up. */
const limitWords = ({ studio }: Facts) =>
  `This session has been changed ${clientChangeLimit} times from this page. To change it again, please call the studio at ${studio.phone.display}.`;

const changesWords = (left: number) =>
  `You can change your time ${left === 1 ? "once more" : `${left} more times`} from this page.`;

function BookingBanner({ query, facts }: { query: URLSearchParams; facts: Facts }) {
  if (query.get("booked") === "1")
    return <Banner kind="success">Your session is booked. We have e-mailed you the details.</Banner>;
  if (query.get("taken") === "1")
    return <Banner kind="error">That time was just taken. Here are the times still free.</Banner>;
  if (query.get("cancelled") === "1")
    return <Banner kind="success">Your session is cancelled. We have e-mailed you to confirm.</Banner>;
  if (query.get("booking") === "tier-changed")
    return (
      <Banner kind="error">
        The notice you give has just changed what cancelling costs. Please read it again below before you
        confirm.
      </Banner>
    );
  if (query.get("booking") === "limit") return <Banner kind="error">{limitWords(facts)}</Banner>;
  if (query.get("booking") === "unchanged")
    return <Banner kind="success">That is already your session's time: nothing changed.</Banner>;
  if (query.get("booking") === "refused")
    return <Banner kind="error">That time cannot be booked. Please choose one from the list.</Banner>;
  return null;
}

function WeekNav({
  token,
  week,
  weeks,
  moving,
}: {
  token: string;
  week: number;
  weeks: number;
  moving: boolean;
}) {
  const href = (to: number) =>
    `/requests/${token}?week=${to}${moving ? "&reschedule=1" : ""}#${bookingAnchor}`;
  return (
    <nav class="booking-week" aria-label="Weeks">
      {week > 0 ? (
        <a class="booking-week__link" rel="prev" href={href(week - 1)}>
          ← Earlier week
        </a>
      ) : (
        <span class="booking-week__link" aria-hidden="true"></span>
      )}
      {week + 1 < weeks && (
        <a class="booking-week__link" rel="next" href={href(week + 1)}>
          Later week →
        </a>
      )}
    </nav>
  );
}

/** Why a day offers no time, in the client's words. */
const noTimeWords: Record<NonNullable<SlotDay["closed"]>, string> = {
  closed: "studio closed",
  away: "the artist is away",
  "no-hours": "consultations only",
  "too-soon": `too soon: sessions are booked at least ${minimumNoticeHours} hours ahead`,
  "too-far": "not open for booking yet",
  "too-long": "too short a day for your session",
  booked: "fully booked",
};

function DayItem({
  day,
  visitorTimeZone,
  current,
}: {
  day: SlotDay;
  visitorTimeZone: string | null;
  /** The session being moved: its time is shown as the current one, not offered. */
  current: string | null;
}) {
  const label = dayLabel(day.date);
  if (!day.slots.length) {
    const why = noTimeWords[day.closed ?? "booked"];
    return (
      <li class="booking-day booking-day--none">
        <span class="booking-day__name">{label}</span> <span class="booking-day__none">{why}</span>
      </li>
    );
  }
  return (
    <li class="booking-day">
      <fieldset>
        <legend class="booking-day__name">{label}</legend>
        <div class="booking-slots">
          {day.slots.map((slot) => {
            const theirs = otherZone(visitorTimeZone, slot.startsAt);
            const isCurrent = slot.startsAt === current;
            return (
              <label class={isCurrent ? "booking-slot booking-slot--current" : "booking-slot"}>
                <input type="radio" name="startsAt" value={slot.startsAt} required disabled={isCurrent} />
                <span class="booking-slot__time">{timeIn(slot.startsAt, zone)}</span>
                {theirs && <span class="booking-slot__yours">{timeIn(slot.startsAt, theirs)} yours</span>}
                {isCurrent && <span class="booking-slot__yours">your current time</span>}
              </label>
            );
          })}
        </div>
      </fieldset>
    </li>
  );
}

function Picker({
  context,
  days,
  week,
  weeks,
  sessionMinutes,
  current,
  next,
}: {
  context: JourneyContext;
  days: SlotDay[];
  week: number;
  weeks: number;
  sessionMinutes: number;
  /** The session being moved, or null when booking. */
  current: Booking | null;
  /** A later session of the quote to book (the last one done), or null for the first. */
  next: { next: number; of: number } | null;
}) {
  const moving = current !== null;
  const { token, visitorTimeZone } = context;
  const anySlot = days.find((day) => day.slots.length);
  const sample = anySlot?.slots[0]?.startsAt ?? context.now.toISOString();
  const visitor = otherZone(visitorTimeZone, sample);
  const zones = visitor
    ? `Times are the studio's (${zoneName(sample, zone)}), with yours (${zoneName(sample, visitor)}) beside them.`
    : `Times are the studio's (${zoneName(sample, zone)}).`;
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  const range = first && last ? `${dayLabel(first)} to ${dayLabel(last)}` : "";
  return (
    <>
      {current && (
        <p class="booking-when">
          Your current time:{" "}
          <strong>
            {`${longDate(current.startsAt, zone)}, ${timeIn(current.startsAt, zone)} to ${timeIn(current.endsAt, zone)}`}{" "}
            <span class="booking-when__zone">{zoneName(current.startsAt, zone)}</span>
          </strong>
        </p>
      )}
      <p>
        {moving
          ? "Choose the new time: your deposit moves with it, and your current time stays yours until you do."
          : next
            ? `Session ${next.next - 1} of ${next.of} is done: choose when session ${next.next} starts.`
            : "Your deposit is paid: choose when your session starts."}{" "}
        {`It lasts ${sessionLength(sessionMinutes)}. ${zones}`}
      </p>
      <h3 class="booking-range">{range}</h3>
      <WeekNav token={token} week={week} weeks={weeks} moving={moving} />
      <form class="booking-form" method="post" action={`/requests/${token}/booking`}>
        <ul class="booking-days">
          {days.map((day) => (
            <DayItem day={day} visitorTimeZone={visitorTimeZone} current={current?.startsAt ?? null} />
          ))}
        </ul>
        {anySlot ? (
          <button class="button button--primary" type="submit">
            {moving ? "Move my session to this time" : "Book this time"}
          </button>
        ) : (
          <p>No time is free this week: see a later week, or call the studio.</p>
        )}
      </form>
      {moving && (
        <p>
          <a href={`/requests/${token}#${bookingAnchor}`}>Keep my current time</a>
        </p>
      )}
    </>
  );
}

function Policy({ facts }: { facts: Facts }) {
  return (
    <details class="booking-policy">
      <summary>Moving or cancelling: the deposit policy</summary>
      <ul>
        {facts.policies.cancellation.map((tier) => (
          <li>{tier}</li>
        ))}
      </ul>
    </details>
  );
}

async function Booked({
  context,
  booking,
  changesLeft,
  depositHeld,
}: {
  context: JourneyContext;
  booking: Booking;
  changesLeft: number;
  depositHeld: boolean;
}) {
  const { token, now, query, visitorTimeZone } = context;
  const tier = tierFor(booking.startsAt, now);
  const visitor = otherZone(visitorTimeZone, booking.startsAt);
  const { studio, addressLine } = context.facts;
  const address = `${studio.name}, ${addressLine}`;
  const confirming = query.get("cancel") === "1";
  return (
    <>
      <p class="booking-when">
        <strong>
          {`${longDate(booking.startsAt, zone)}, ${timeIn(booking.startsAt, zone)} to ${timeIn(booking.endsAt, zone)}`}{" "}
          <span class="booking-when__zone">{zoneName(booking.startsAt, zone)}</span>
        </strong>
      </p>
      {visitor && (
        <p class="booking-when__yours">
          {`Your time: ${longDate(booking.startsAt, visitor)}, ${timeIn(booking.startsAt, visitor)} to ${timeIn(booking.endsAt, visitor)} (${zoneName(booking.startsAt, visitor)})`}
        </p>
      )}
      <p>At the studio: {address}</p>
      <p class="booking-calendar">
        <a
          class="button button--primary"
          href={`/requests/${token}/booking.ics`}
          download="tattoo-session.ics"
        >
          Add to my calendar
        </a>
      </p>
      <h3>Moving or cancelling</h3>
      {confirming ? (
        <div class="booking-confirm" id="booking-cancel">
          <h3>Cancel your session?</h3>
          <p>If you cancel now, {cancelWords(tier, depositHeld)}</p>
          <form method="post" action={`/requests/${token}/booking/cancel`}>
            <input type="hidden" name="tier" value={tier} />
            <button class="button button--ghost booking-confirm__yes" type="submit">
              Yes, cancel my session
            </button>
          </form>
          <p>
            <a href={`/requests/${token}#${bookingAnchor}`}>No, keep it</a>
          </p>
        </div>
      ) : (
        <>
          <p>If you cancel now, {cancelWords(tier, depositHeld)}</p>
          <p class="booking-actions">
            {tier === "transfer" && changesLeft > 0 && (
              <>
                <a class="button button--ghost" href={`/requests/${token}?reschedule=1#${bookingAnchor}`}>
                  Choose another time
                </a>{" "}
              </>
            )}
            <a class="button button--ghost" href={`/requests/${token}?cancel=1#${bookingAnchor}`}>
              Cancel my session
            </a>
          </p>
          {tier !== "transfer" ? (
            <p>
              With under 48 hours to go, a session can no longer move with its deposit. To change it, call the
              studio at {studio.phone.display}.
            </p>
          ) : changesLeft > 0 ? (
            <p class="booking-changes">{changesWords(changesLeft)}</p>
          ) : (
            <p class="booking-changes">{limitWords(context.facts)}</p>
          )}
        </>
      )}
      <Policy facts={context.facts} />
    </>
  );
}

function BookingSection({
  title,
  query,
  facts,
  children,
}: {
  title: string;
  query: URLSearchParams;
  facts: Facts;
  children: Child;
}) {
  return (
    <StageCard part="booking" anchor={bookingAnchor} titleId="booking-title">
      <h2 id="booking-title">{title}</h2>
      <BookingBanner query={query} facts={facts} />
      {children}
    </StageCard>
  );
}

export async function bookingPart(context: JourneyContext): Promise<Section | null> {
  const { env, request, query, now } = context;
  const { gate, booking, changesLeft, session } = await bookingStateOf(env.DB, request.id);
  const live = booking?.status === "booked" ? booking : null;
  // A quote of several sessions: "session 2 of 3" on what is booked and what is to book.
  const ofSeveral = session.of > 1 ? ` (session ${session.next} of ${session.of})` : "";
  // Every session done; with more to come, the next one is booked below like the first.
  if (booking?.status === "completed" && session.next > session.of) return null;
  const moving =
    live !== null && query.get("reschedule") === "1" && tierFor(live.startsAt, now) === "transfer";
  if (live && !(moving && changesLeft > 0)) {
    return (
      <BookingSection title={`Your session${ofSeveral}`} query={query} facts={context.facts}>
        <Booked context={context} booking={live} changesLeft={changesLeft} depositHeld={gate !== null} />
      </BookingSection>
    );
  }
  // Booking again after cancelling is a change too; after the artist cancelled, it is not.
  if (gate && booking?.status === "cancelled" && booking.cancelledBy !== "artist" && changesLeft <= 0) {
    return (
      <BookingSection title="Your session" query={query} facts={context.facts}>
        <p>
          Your session of {longDate(booking.startsAt, zone)} was cancelled; your deposit holds a new date.
        </p>
        <p class="booking-changes">{limitWords(context.facts)}</p>
      </BookingSection>
    );
  }
  if (!gate) {
    if (booking?.status !== "cancelled") return null;
    return (
      <BookingSection title="Your session" query={query} facts={context.facts}>
        <p>
          Your session of {longDate(booking.startsAt, zone)} was cancelled. To book again, message the artist
          below or call the studio.
        </p>
      </BookingSection>
    );
  }
  // A card on file comes before the first time is chosen, while the studio keeps one.
  const card = live ? ({ need: false } as const) : await cardOnFileOf(context);
  if (card.need && !card.card) {
    return (
      <BookingSection title={`Book your session${ofSeveral}`} query={query} facts={context.facts}>
        <CardStep context={context} />
        <Policy facts={context.facts} />
      </BookingSection>
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
  return (
    <BookingSection
      title={`${live ? "Move your session" : "Book your session"}${ofSeveral}`}
      query={query}
      facts={context.facts}
    >
      {booking?.status === "cancelled" && (
        <p>
          Your session of {longDate(booking.startsAt, zone)} was cancelled; your deposit holds a new date.
        </p>
      )}
      {card.need && card.card && <CardOnFile context={context} card={card.card} />}
      <Picker
        context={context}
        days={days}
        week={week}
        weeks={weeks}
        sessionMinutes={gate.quote.sessionMinutes}
        current={live}
        next={booking?.status === "completed" ? session : null}
      />
      {!live && <Policy facts={context.facts} />}
    </BookingSection>
  );
}
