import { describe, expect, it } from "vitest";
import { openingHours } from "../../shared/studio";
import {
  type AvailabilityInput,
  bufferMinutes,
  isOffered,
  minimumNoticeHours,
  slotsByDay,
} from "../../worker/features/booking/slots";
import { zonedDate, zonedInstant } from "../../worker/platform/studio-clock";

const zone = "America/New_York";

/** The studio's hours (Thursday to Sunday, 12:00-18:00), nothing booked or closed. */
function input(overrides: Partial<AvailabilityInput> = {}): AvailabilityInput {
  return {
    timeZone: zone,
    weekly: openingHours,
    closures: [],
    blockedDates: [],
    booked: [],
    sessionMinutes: 120,
    // Sunday 22 February 2026, noon in New York: every March date is bookable.
    now: new Date("2026-02-22T17:00:00Z"),
    ...overrides,
  };
}

const starts = (day: { slots: { startsAt: string }[] } | undefined) =>
  day?.slots.map((slot) => slot.startsAt);
const clock = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit" }).format(
    new Date(iso),
  );

describe("the studio's wall clock across daylight saving", () => {
  it("reads noon as 17:00 UTC in winter and 16:00 UTC in summer, on each side of both changes", () => {
    expect(zonedInstant("2026-03-07", "12:00", zone).toISOString()).toBe("2026-03-07T17:00:00.000Z");
    expect(zonedInstant("2026-03-08", "12:00", zone).toISOString()).toBe("2026-03-08T16:00:00.000Z");
    expect(zonedInstant("2026-10-31", "12:00", zone).toISOString()).toBe("2026-10-31T16:00:00.000Z");
    expect(zonedInstant("2026-11-01", "12:00", zone).toISOString()).toBe("2026-11-01T17:00:00.000Z");
  });

  it("moves a time the spring change skips an hour on, and takes the first of November's repeated hour", () => {
    expect(zonedInstant("2026-03-08", "02:30", zone).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-03-08", "03:30", zone).toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(zonedInstant("2026-11-01", "01:30", zone).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(zonedInstant("2026-11-01", "02:30", zone).toISOString()).toBe("2026-11-01T07:30:00.000Z");
  });

  it("names the studio's calendar date, not UTC's, late in the evening", () => {
    expect(zonedDate(new Date("2026-11-02T03:30:00Z"), zone)).toBe("2026-11-01");
    expect(zonedDate(new Date("2026-03-09T03:30:00Z"), zone)).toBe("2026-03-08");
  });
});

describe("slots", () => {
  it("offers a two-hour session from noon to 4 PM, studio time, on both sides of the March change", () => {
    const days = slotsByDay(input(), "2026-03-07", 2);
    expect(days.map((day) => day.date)).toEqual(["2026-03-07", "2026-03-08"]);
    for (const day of days) {
      expect(day.slots.map((slot) => clock(slot.startsAt))).toEqual([
        "12:00",
        "12:30",
        "13:00",
        "13:30",
        "14:00",
        "14:30",
        "15:00",
        "15:30",
        "16:00",
      ]);
      for (const slot of day.slots)
        expect(Date.parse(slot.endsAt) - Date.parse(slot.startsAt)).toBe(7_200_000);
    }
    expect(starts(days[0])?.[0]).toBe("2026-03-07T17:00:00.000Z");
    expect(starts(days[1])?.[0]).toBe("2026-03-08T16:00:00.000Z");
    expect(days[1]?.slots.at(-1)?.endsAt).toBe("2026-03-08T22:00:00.000Z");
  });

  it("does the same across the November change", () => {
    const now = new Date("2026-10-20T16:00:00Z");
    const [saturday, sunday] = slotsByDay(input({ now }), "2026-10-31", 2);
    expect(starts(saturday)?.[0]).toBe("2026-10-31T16:00:00.000Z");
    expect(starts(sunday)?.[0]).toBe("2026-11-01T17:00:00.000Z");
    expect(sunday?.slots.map((slot) => clock(slot.startsAt))).toEqual(
      saturday?.slots.map((slot) => clock(slot.startsAt)),
    );
  });

  it("counts a session through the night of a change in real hours, never offering one instant twice", () => {
    const nightly = openingHours.map((day) => ({ ...day, opens: "00:00", closes: "06:00" }));
    const [march] = slotsByDay(input({ weekly: nightly, sessionMinutes: 60 }), "2026-03-08", 1);
    // 02:00 and 02:30 do not exist that night; 05:00 is the last start that ends by 06:00.
    expect(march?.slots.map((slot) => clock(slot.startsAt))).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "03:00",
      "03:30",
      "04:00",
      "04:30",
      "05:00",
    ]);
    const [november] = slotsByDay(
      input({ weekly: nightly, sessionMinutes: 60, now: new Date("2026-10-20T16:00:00Z") }),
      "2026-11-01",
      1,
    );
    // The night is seven real hours long: 00:00 EDT to 06:00 EST; the last start is 05:00 EST.
    expect(november?.slots.at(-1)?.startsAt).toBe("2026-11-01T10:00:00.000Z");
    expect(new Set(starts(november)).size).toBe(november?.slots.length);
  });

  it("offers nothing on days without hours, on published closures and on the artist's blocked days", () => {
    const days = slotsByDay(
      input({
        closures: [{ from: "2026-03-12", to: "2026-03-13" }],
        blockedDates: ["2026-03-15"],
      }),
      "2026-03-09",
      7,
    );
    expect(days.map((day) => [day.date, day.closed, day.slots.length])).toEqual([
      ["2026-03-09", "no-hours", 0],
      ["2026-03-10", "no-hours", 0],
      ["2026-03-11", "no-hours", 0],
      ["2026-03-12", "closed", 0],
      ["2026-03-13", "closed", 0],
      ["2026-03-14", null, 9],
      ["2026-03-15", "away", 0],
    ]);
  });

  it("names why a day on the studio's hours offers nothing: too soon, too far, too long, or booked", () => {
    // Thursday 5 March, 1 PM in New York: the 48 hours' notice runs to Saturday 1 PM.
    const now = new Date("2026-03-05T18:00:00Z");
    const soon = slotsByDay(input({ now, sessionMinutes: 360 }), "2026-03-07", 1);
    expect(soon.map((day) => [day.date, day.closed, day.slots.length])).toEqual([
      ["2026-03-07", "too-soon", 0],
    ]);
    const [later] = slotsByDay(input({ now }), "2026-03-07", 1);
    expect(later?.closed).toBeNull();
    expect(later?.slots[0] && clock(later.slots[0].startsAt)).toBe("13:00");

    const tooLong = slotsByDay(input({ sessionMinutes: 420 }), "2026-03-14", 1);
    expect(tooLong[0]?.closed).toBe("too-long");

    const booked = [{ startsAt: "2026-03-14T16:00:00.000Z", endsAt: "2026-03-14T22:00:00.000Z" }];
    expect(slotsByDay(input({ booked }), "2026-03-14", 1)[0]?.closed).toBe("booked");
  });

  it(`keeps ${bufferMinutes} minutes clear before and after a booked session`, () => {
    const booked = [{ startsAt: "2026-03-14T17:00:00.000Z", endsAt: "2026-03-14T19:00:00.000Z" }];
    const [day] = slotsByDay(input({ booked, sessionMinutes: 60 }), "2026-03-14", 1);
    // Booked 13:00-15:00: a one-hour session may start at 15:30 at the earliest, and none fits before.
    expect(day?.slots.map((slot) => clock(slot.startsAt))).toEqual(["15:30", "16:00", "16:30", "17:00"]);
  });

  it(`opens no slot less than ${minimumNoticeHours} hours ahead`, () => {
    // Thursday 5 March, noon: Saturday noon is exactly 48 hours on.
    const exactly = slotsByDay(input({ now: new Date("2026-03-05T17:00:00Z") }), "2026-03-05", 3);
    expect(exactly.map((day) => day.date)).toEqual(["2026-03-07"]);
    expect(clock(exactly[0]?.slots[0]?.startsAt ?? "")).toBe("12:00");
    const [later] = slotsByDay(input({ now: new Date("2026-03-05T17:01:00Z") }), "2026-03-07", 1);
    expect(clock(later?.slots[0]?.startsAt ?? "")).toBe("12:30");
  });

  it("opens the calendar eight weeks ahead and no further", () => {
    const days = slotsByDay(input(), "2026-04-16", 7);
    expect(days.at(-1)?.date).toBe("2026-04-19");
    expect(slotsByDay(input(), "2026-04-20", 7)).toEqual([]);
  });

  it("accepts only an offered start: on the grid, inside the hours, free", () => {
    const booked = [{ startsAt: "2026-03-14T18:00:00.000Z", endsAt: "2026-03-14T20:00:00.000Z" }];
    expect(isOffered(input(), "2026-03-14T17:00:00.000Z")?.endsAt).toBe("2026-03-14T19:00:00.000Z");
    expect(isOffered(input(), "2026-03-14T17:15:00.000Z")).toBeNull();
    expect(isOffered(input(), "2026-03-14T22:00:00.000Z")).toBeNull();
    expect(isOffered(input({ booked }), "2026-03-14T17:00:00.000Z")).toBeNull();
    expect(isOffered(input(), "2026-03-16T17:00:00.000Z")).toBeNull();
    expect(isOffered(input(), "not a time")).toBeNull();
  });
});
