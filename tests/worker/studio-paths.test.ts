// The editor's path helpers: a field's value is read and written where the server's validation
// names it, and the server's messages land on the section and field they belong to.
import { describe, expect, it } from "vitest";
import { errorsBySection, getAt, setAt } from "../../admin/features/studio/paths";

describe("studio paths", () => {
  it("writes deep into a copy, leaving the original as it was", () => {
    const hours = { weekly: [{ day: "Monday", opens: null }], closures: [] };
    const next = setAt(hours, ["weekly", 0, "opens"], "10:00");
    expect(getAt(next, ["weekly", 0, "opens"])).toBe("10:00");
    expect(hours.weekly[0]?.opens).toBeNull();
    expect(getAt(next, ["weekly", 0, "day"])).toBe("Monday");
  });

  it("removes an optional value set to undefined, so the schema sees it as not given", () => {
    const piece = { title: "Koi", alt: "A koi" };
    expect(setAt(piece, ["alt"], undefined)).toEqual({ title: "Koi" });
  });

  it("files a save's messages under the saved section, without the data prefix", () => {
    expect(errorsBySection({ "data.3.title": "Required" }, "portfolio")).toEqual({
      portfolio: { "3.title": "Required" },
    });
  });

  it("files a publish's messages under the section each names", () => {
    expect(
      errorsBySection({ "portfolio.3.alt": "Describe it", "hours.weekly.1.closes": "Too early" }),
    ).toEqual({
      portfolio: { "3.alt": "Describe it" },
      hours: { "weekly.1.closes": "Too early" },
    });
  });
});
