import { describe, expect, it } from "vitest";
import {
  addDays,
  calendarDayText,
  studioDate,
  studioHour,
  studioStamp,
  studioTime,
  zonedDate,
  zonedInstant,
  zoneNameAt,
  zoneOffsetMs,
} from "../../worker/platform/studio-clock";

// The studio is in Maryland: America/New_York, which in 2025 went to summer time at 07:00 UTC on
// March 9 (02:00 EST became 03:00 EDT) and back at 06:00 UTC on November 2 (02:00 EDT became
// 01:00 EST).
const zone = "America/New_York";
const hourMs = 3_600_000;
const springChange = Date.parse("2025-03-09T07:00:00Z");
const autumnChange = Date.parse("2025-11-02T06:00:00Z");

describe("the studio clock at the daylight-saving changes", () => {
  it("switches the offset at the exact instant of each change, not a second earlier", () => {
    expect(zoneOffsetMs(springChange - 1000, zone)).toBe(-5 * hourMs);
    expect(zoneOffsetMs(springChange, zone)).toBe(-4 * hourMs);
    expect(zoneOffsetMs(autumnChange - 1000, zone)).toBe(-4 * hourMs);
    expect(zoneOffsetMs(autumnChange, zone)).toBe(-5 * hourMs);
  });

  it("reads the hour on the studio's clock through both changes", () => {
    expect(studioHour(new Date(springChange - 1000))).toBe(1);
    expect(studioHour(new Date(springChange))).toBe(3);
    expect(studioHour(new Date(autumnChange - 1000))).toBe(1);
    expect(studioHour(new Date(autumnChange))).toBe(1);
    expect(studioHour(new Date("2025-07-01T03:59:59Z"))).toBe(23);
    expect(studioHour(new Date("2025-07-01T04:00:00Z"))).toBe(0);
  });

  it("turns a wall time back into the instant it names on either side of the changes", () => {
    expect(zonedInstant("2025-03-09", "01:59", zone).toISOString()).toBe("2025-03-09T06:59:00.000Z");
    expect(zonedInstant("2025-03-09", "03:00", zone).toISOString()).toBe("2025-03-09T07:00:00.000Z");
    expect(zonedInstant("2025-11-02", "00:59", zone).toISOString()).toBe("2025-11-02T04:59:00.000Z");
    expect(zonedInstant("2025-11-02", "02:00", zone).toISOString()).toBe("2025-11-02T07:00:00.000Z");
    // Every wall time of an ordinary day comes back unchanged through zonedDate and the offset.
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      const instant = zonedInstant("2025-06-15", time, zone);
      expect(zonedDate(instant, zone)).toBe("2025-06-15");
      expect(instant.getTime() + zoneOffsetMs(instant.getTime(), zone)).toBe(
        Date.parse(`2025-06-15T${time}:00Z`),
      );
    }
  });

  it("dates an evening moment by the studio's calendar in winter and in summer", () => {
    expect(studioDate(new Date("2025-01-15T04:59:59Z"))).toBe("2025-01-14");
    expect(studioDate(new Date("2025-01-15T05:00:00Z"))).toBe("2025-01-15");
    expect(studioDate(new Date("2025-07-15T03:59:59Z"))).toBe("2025-07-14");
    expect(studioDate(new Date("2025-07-15T04:00:00Z"))).toBe("2025-07-15");
  });

  it("names the zone as it stands at each moment", () => {
    expect(studioTime("2025-03-09T06:30:00Z")).toBe("Sunday, March 9 at 1:30 AM EST");
    expect(studioTime("2025-03-09T07:30:00Z")).toBe("Sunday, March 9 at 3:30 AM EDT");
    expect(studioTime("2025-11-02T05:30:00Z")).toBe("Sunday, November 2 at 1:30 AM EDT");
    expect(studioTime("2025-11-02T06:30:00Z")).toBe("Sunday, November 2 at 1:30 AM EST");
    expect(zoneNameAt("2025-07-01T12:00:00Z", zone)).toBe("Eastern Daylight Time");
    expect(zoneNameAt("2025-12-01T12:00:00Z", zone)).toBe("Eastern Standard Time");
    expect(studioStamp("2025-12-01T17:05:00Z")).toBe("Dec 1, 2025, 12:05 PM");
  });
});

describe("calendar dates", () => {
  it("move by whole days across months, leap days and the changes", () => {
    expect(addDays("2025-03-08", 1)).toBe("2025-03-09");
    expect(addDays("2025-11-01", 2)).toBe("2025-11-03");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2025-01-01", -1)).toBe("2024-12-31");
  });

  it("read in words the same whatever the zone, since a date has none", () => {
    expect(calendarDayText("2025-03-09")).toBe("Sunday, March 9");
    expect(calendarDayText("1990-01-01", "long")).toBe("January 1, 1990");
  });
});
