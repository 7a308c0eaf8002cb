import { afterEach, describe, expect, it, vi } from "vitest";
import { demoSql } from "../../scripts/lib/demo-data.mjs";

afterEach(() => {
  vi.useRealTimers();
});

/** Every UTC stamp written into the demo inbox. */
const stamps = (sql: string) => sql.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g) ?? [];

describe("demo inbox", () => {
  // Early morning is when the old data went wrong: "today at 11:17" had not happened yet.
  it.each([
    "2026-11-23T00:05:00.000Z",
    "2026-11-23T08:00:00.000Z",
    "2026-11-23T12:00:00.000Z",
    "2026-11-23T23:59:00.000Z",
  ])("has no request, reply or e-mail dated after the moment it is loaded (%s)", (moment) => {
    vi.useFakeTimers({ now: Date.parse(moment), toFake: ["Date"] });
    const found = stamps(demoSql());
    expect(found.length).toBeGreaterThan(40);
    expect(found.filter((stamp) => stamp > moment)).toEqual([]);
  });

  it("answers a message only after it arrived", () => {
    vi.useFakeTimers({ now: Date.parse("2026-11-23T08:00:00.000Z"), toFake: ["Date"] });
    const responded = demoSql()
      .split("\n")
      .filter((line) => line.includes("INTO contact_submissions") && line.includes("'responded'"));
    expect(responded.length).toBeGreaterThan(0);
    for (const line of responded) {
      const [created, , answered] = stamps(line);
      expect(answered && created && answered >= created).toBe(true);
    }
  });
});
