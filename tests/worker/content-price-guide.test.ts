// The price guide's arithmetic: which pieces count, how the search widens, the ranges, and
// when it says it cannot tell.
import { describe, expect, it } from "vitest";
import { type GuideRow, guideSentence, priceGuide, priceGuideTable } from "../../shared/price-guide";
import { contentFromModules } from "../../worker/features/content/seed";

const row = (
  size: GuideRow[0],
  placement: GuideRow[1],
  style: string,
  hours: number,
  min = 0,
  max = 0,
): GuideRow => [size, placement, style, hours, min, max];

const table: GuideRow[] = [
  row("small", "forearm", "script", 1.5, 150, 250),
  row("small", "forearm", "script", 2, 200, 250),
  row("small", "forearm", "traditional", 2.5, 250, 350),
  row("small", "forearm", "fine-line", 1, 150, 150),
  row("small", "ribs", "script", 3, 300, 400),
  row("medium", "calf", "japanese", 5, 550, 650),
  row("medium", "calf", "horror", 4.5, 500, 600),
  row("large", "back", "ornamental", 9, 1000, 1150),
];

describe("the price guide", () => {
  it("answers from pieces of the same size, placement and style when there are enough", () => {
    const answer = priceGuide(table, { size: "small", placement: "forearm", style: "script" });
    // Only two small script pieces on the forearm: it widens to the forearm's four.
    expect(answer).toEqual({
      kind: "estimate",
      count: 4,
      basis: "4 small pieces on the forearm",
      hours: [1, 3],
      price: [150, 350],
    });
    expect(guideSentence(answer)).toBe("Similar pieces took 1-3 hours, $150-350");
  });

  it("widens placement, then style, then size alone, in that order", () => {
    const extra = [...table, row("small", "forearm", "script", 2, 200, 300)];
    expect(priceGuide(extra, { size: "small", placement: "forearm", style: "script" })).toMatchObject({
      basis: "3 small script pieces on the forearm",
    });
    expect(priceGuide(table, { size: "small", placement: "ribs", style: "script" })).toMatchObject({
      basis: "3 small script pieces",
      hours: [1, 3],
      price: [150, 400],
    });
    expect(priceGuide(table, { size: "small", placement: "ribs" })).toMatchObject({
      basis: "5 small pieces",
    });
    expect(priceGuide(table, { size: "small" })).toMatchObject({
      count: 5,
      hours: [1, 3],
      price: [150, 400],
    });
  });

  it("says when there are too few similar pieces to tell", () => {
    const answer = priceGuide(table, { size: "medium", placement: "calf" });
    expect(answer).toEqual({ kind: "too-few" });
    expect(guideSentence(answer)).toBe("Too few similar pieces to tell; the artist quotes each piece.");
    expect(priceGuide([], { size: "large" })).toEqual({ kind: "too-few" });
  });

  it("leaves out the outer tenth of ten or more pieces, so one unusual piece does not stretch the range", () => {
    const many = [
      ...Array.from({ length: 9 }, () => row("medium", "back", "realistic", 5, 550, 650)),
      row("medium", "back", "realistic", 20, 2400, 2500),
    ];
    expect(priceGuide(many, { size: "medium" })).toMatchObject({ hours: [5, 5], price: [550, 650] });
    expect(guideSentence(priceGuide(many, { size: "medium" }))).toBe(
      "Similar pieces took about 5 hours, $550-650",
    );
  });

  it("gives hours alone, or prices alone, when the pieces carry only those", () => {
    const hoursOnly = [
      row("large", "back", "a", 6),
      row("large", "back", "a", 7.5),
      row("large", "back", "a", 8),
    ];
    expect(guideSentence(priceGuide(hoursOnly, { size: "large" }))).toBe("Similar pieces took 6-8 hours");
    const pricesOnly = hoursOnly.map((r): GuideRow => [r[0], r[1], r[2], 0, 1000, 1500]);
    expect(guideSentence(priceGuide(pricesOnly, { size: "large" }))).toBe("Similar pieces took $1,000-1,500");
  });

  it("counts only visible, finished pieces with figures", () => {
    const [a, b, c, d] = contentFromModules().portfolio;
    if (!a || !b || !c || !d) throw new Error("The seed has too few pieces");
    const { hours: _h, priceBand: _p, ...bare } = d;
    const rows = priceGuideTable([a, { ...b, hidden: true }, { ...c, status: "in-progress" }, bare]);
    expect(rows).toEqual([[a.size, a.placement, a.style, a.hours, a.priceBand?.min, a.priceBand?.max]]);
  });

  it("answers for every size out of the box from the seed portfolio", () => {
    const seeded = priceGuideTable(contentFromModules().portfolio);
    for (const size of ["small", "medium", "large"] as const) {
      expect(priceGuide(seeded, { size }).kind, size).toBe("estimate");
    }
    expect(priceGuide(seeded, { size: "small", placement: "forearm" })).toMatchObject({
      basis: expect.stringMatching(/^\d+ small pieces on the forearm$/),
    });
  });
});
