import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../shared/content/module-content";
import { factsFrom } from "../../shared/content-facts";
import { publicPages } from "../../shared/routes";
import { sizeOptionsFor } from "../../shared/schemas/consultation-fields";
import type { VisitorLocation } from "../../shared/schemas/location";
import { prices, studio } from "../../shared/studio";
import { homeCtaCopy } from "../../site/features/experiments/home-cta-copy";
import { distanceText, locationLine } from "../../site/features/personalization/location-line";
import { writeFromTemplate } from "../../worker/features/personalization/template-writer";
import { html } from "../support/served-pages";

/**
 * Every sentence a visitor reads is written for a visitor: no doubled words, no zero distances,
 * no prompt read back three times, no variant names, one call to action at a page's end.
 */

const here = (patch: Partial<VisitorLocation>): VisitorLocation => ({
  city: "Laurel",
  region: "Maryland",
  country: "US",
  source: "gps",
  accuracy: "0m",
  coordinates: { latitude: 39.0993, longitude: -76.8483 },
  distance_from_business: 0,
  timezone: "America/New_York",
  responseTime: 3,
  ...patch,
});

/** The seed's facts, which the template writer states. */
const seedFacts = factsFrom(contentFromModules());

const count = (text: string, word: RegExp) => text.match(word)?.length ?? 0;

describe("the personal greeting", () => {
  it("never says welcome twice, at any time of day, with or without a city", () => {
    for (const timeOfDay of ["morning", "afternoon", "evening"] as const) {
      for (const location of [undefined, "Local", "Laurel, Maryland"]) {
        for (let seed = 0; seed < 60; seed++) {
          const text = writeFromTemplate(
            { type: "homepage-greeting", context: { timeOfDay, location } },
            `greeting-${seed}`,
            seedFacts,
          );
          expect(count(text, /welcome/gi), text).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe("the location line", () => {
  it("never reads 0 miles or within 0m for a visitor in the studio's own town", () => {
    const line = locationLine(here({}), "afternoon") ?? "";
    expect(line).not.toMatch(/\b0(\.0)? ?(miles?|m)\b/);
    expect(line).toBe("Laurel, US · precise location · under a mile from the studio · this afternoon");
  });

  it("says miles the way people do", () => {
    expect(distanceText(0.4)).toBe("under a mile from the studio");
    expect(distanceText(1)).toBe("1 mile from the studio");
    expect(distanceText(5.2)).toBe("5.2 miles from the studio");
    expect(distanceText(23.6)).toBe("24 miles from the studio");
  });

  it("calls an IP lookup approximate", () => {
    const line = locationLine(
      here({ source: "ip", accuracy: "city-level", city: "Beltsville", distance_from_business: 5.2 }),
      "morning",
    );
    expect(line).toBe("Beltsville, US · approximate location · 5.2 miles from the studio · this morning");
  });
});

describe("the idea generator's template writer", () => {
  const prompts = [
    "a fine-line fern for my late grandmother",
    "Koi fish swimming upstream, for my dad who taught me to fish on the Patuxent",
    "wolf",
    "something with my daughter's birth flower and the date 04/12/2019",
    "  a   compass rose?!  ",
  ];

  it("names the visitor's prompt once, above three ideas that read on their own", () => {
    for (const prompt of prompts) {
      for (let seed = 0; seed < 20; seed++) {
        const text = writeFromTemplate(
          { type: "tattoo-ideas", prompt, context: {} },
          `ideas-${seed}`,
          seedFacts,
        );
        const words = prompt
          .replace(/\s+/g, " ")
          .trim()
          .replace(/[.!?]+$/, "");
        expect(text.split(words).length - 1, text).toBe(1);
        const lines = text.split("\n");
        expect(lines[0]).toContain(words);
        expect(lines.filter((line) => /^\d\. /.test(line))).toHaveLength(3);
        for (const line of lines) expect(line, text).not.toMatch(/\s[,.;:]|\.\.(?!\.)|\s{2}/);
      }
    }
  });
});

describe("sizes and prices", () => {
  it("the consultation form's sizes are the price bands' sizes", () => {
    const sizeOptions = sizeOptionsFor(prices);
    const bands = [prices.small, prices.medium, prices.large];
    for (const [i, band] of bands.entries()) expect(sizeOptions[i]).toContain(`(${band.inches} inches)`);
    expect(sizeOptions).toEqual([
      "Small (2-4 inches)",
      "Medium (4-6 inches)",
      "Large (6+ inches)",
      "Not sure",
    ]);
    for (const band of [prices.small, prices.medium, prices.large])
      expect(band.label).toBe(`${band.label.split(" ")[0]} (${band.inches} in)`);
  });
});

describe("the home call to action", () => {
  it("never names a test variant in its words", () => {
    for (const [variant, copy] of Object.entries(homeCtaCopy)) {
      const words = `${copy.heading} ${copy.body} ${copy.button}`.toLowerCase();
      for (const part of variant.split("-")) {
        if (part === "control") expect(words).not.toContain(part);
        else expect(words).not.toMatch(new RegExp(`\\b${part}\\b`));
      }
    }
  });
});

/** The visible text of a prerendered page's <body>, tags and scripts removed. */
const visibleText = (source: string) =>
  (source.split("<body")[1] ?? "")
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("prerendered pages", () => {
  const ctaBlock = /class="(?:cta-block|home-cta|form-cta|footer-cta)[ "]/g;

  it("end with at most one call to action each", async () => {
    for (const page of publicPages) {
      const source = await html(page.path);
      expect(count(source, ctaBlock), page.path).toBeLessThanOrEqual(1);
    }
  });

  it("word every booking button the same way", async () => {
    for (const page of publicPages) {
      const text = visibleText(await html(page.path));
      expect(text, page.path).not.toMatch(/Book a Free Consultation/);
    }
  });

  it("read as written for a visitor", async () => {
    const wrong = [
      /\b\d+-\d+ minutes conversation/i,
      /gold journey/i,
      /\b0 miles\b/,
      /within 0m/,
      /\b\d+ reviews · /,
      /welcome[^.!?]*,? and welcome/i,
    ];
    for (const page of publicPages) {
      const text = visibleText(await html(page.path));
      for (const pattern of wrong) expect(text, `${page.path}: ${pattern}`).not.toMatch(pattern);
    }
  });

  it("name the payment methods once in a paragraph", async () => {
    for (const path of ["/services", "/terms-of-service"]) {
      const source = await html(path);
      for (const paragraph of source.match(/<p>[\s\S]*?<\/p>/g) ?? []) {
        expect(count(paragraph, /Venmo/g), `${path}: ${paragraph}`).toBeLessThanOrEqual(1);
      }
    }
  });
});

describe("theme colour", () => {
  it("is the studio's chosen toolbar colour, with the reason written down", async () => {
    for (const path of ["/", "/reviews"]) {
      const meta = /<meta name="theme-color" content="([^"]+)"/.exec(await html(path))?.[1];
      expect(meta, path).toBe(studio.themeColor);
    }
    const { readFile } = await import("node:fs/promises");
    const decision = await readFile("docs/decisions/009-theme-color.md", "utf8");
    expect(decision).toContain(studio.themeColor);
    expect(decision).toMatch(/^Why: /m);
  });
});
