// The Studio's history says what each version changed, field by field, in plain words: the
// artist tells versions apart without opening them.
import { describe, expect, it } from "vitest";
import type { StudioContent } from "../../shared/schemas/content";
import { clockTime, describeChanges } from "../../worker/features/content/changes";
import { contentFromModules } from "../../worker/features/content/seed";
import { adminCall, send } from "./admin-support";
import { type ErrorBody, studioSession } from "./content-support";

const seed = contentFromModules();
/** A copy of today's content to change. */
const content = (): StudioContent => structuredClone(seed);

describe("describeChanges", () => {
  it("finds nothing between a version and itself", () => {
    expect(describeChanges(seed, content())).toEqual([]);
  });

  it("says a day's new hours in clock times, with what they were", () => {
    const after = content();
    const saturday = after.hours.weekly[5];
    if (!saturday?.opens || !saturday.closes) throw new Error("the seed's Saturday is not open");
    const was = clockTime(saturday.closes);
    saturday.closes = "21:30";
    saturday.opens = "09:00";
    const sunday = after.hours.weekly[6];
    if (!sunday) throw new Error("no Sunday");
    const sundayWas = sunday.opens ? `${clockTime(sunday.opens)}–${clockTime(sunday.closes ?? "")}` : null;
    Object.assign(sunday, sunday.opens ? { opens: null, closes: null } : { opens: "11:00", closes: "16:00" });
    expect(describeChanges(seed, after)).toEqual([
      `Hours: Saturday opens at 9 AM (was ${clockTime(seed.hours.weekly[5]?.opens ?? "")})`,
      `Hours: Saturday closes at 9:30 PM (was ${was})`,
      sundayWas
        ? `Hours: Sunday by appointment (was ${sundayWas})`
        : "Hours: Sunday 11 AM–4 PM (was by appointment)",
    ]);
  });

  it("names closures added and taken away, with their dates and notes", () => {
    const before = content();
    before.hours.closures = [{ from: "2026-07-04", to: "2026-07-04", note: "Independence Day" }];
    const after = content();
    after.hours.closures = [{ from: "2026-12-24", to: "2026-12-26", note: "Holidays" }];
    expect(describeChanges(before, after)).toEqual([
      "Hours: added closed Dec 24, 2026 to Dec 26, 2026 (“Holidays”)",
      "Hours: removed closed Jul 4, 2026 (“Independence Day”)",
    ]);
  });

  it("gives prices in dollars and text in quotes, old → new", () => {
    const after = content();
    after.prices.minimumCharge = seed.prices.minimumCharge + 20;
    after.prices.small.range = "$120-$220";
    after.policies.deposit.amount = 150;
    expect(describeChanges(seed, after)).toEqual([
      `Prices: Small price range “${seed.prices.small.range}” → “$120-$220”`,
      `Prices: Minimum charge $${seed.prices.minimumCharge} → $${seed.prices.minimumCharge + 20}`,
      `Policies: Deposit amount $${seed.policies.deposit.amount} → $150`,
    ]);
  });

  it("names pieces added, removed and changed by their titles, and flags in words", () => {
    const before = content();
    const [first, second, third] = before.portfolio;
    if (!first || !second || !third) throw new Error("the seed has too few pieces");
    const after = content();
    after.portfolio = after.portfolio.filter((piece) => piece.id !== third.id);
    after.portfolio.splice(1, 0, { ...first, id: "koi-sleeve", title: "Koi sleeve", featured: false });
    const changed = after.portfolio.find((piece) => piece.id === second.id);
    if (!changed) throw new Error("lost a piece");
    changed.title = `${second.title}, healed`;
    changed.hidden = !second.hidden;
    changed.priceBand = { min: 300, max: 450 };
    changed.tags = [...second.tags, "koi"];
    const changes = describeChanges(before, after);
    expect(changes).toContain("Portfolio: added “Koi sleeve”");
    expect(changes).toContain(`Portfolio: removed “${third.title}”`);
    expect(changes).toContain(
      `Portfolio: “${second.title}, healed” title “${second.title}” → “${second.title}, healed”`,
    );
    expect(changes).toContain(
      `Portfolio: “${second.title}, healed” ${second.hidden ? "shown on the site" : "hidden from the site"}`,
    );
    expect(changes).toContain(`Portfolio: “${second.title}, healed” tags: added “koi”`);
    if (second.priceBand) {
      expect(changes).toContain(
        `Portfolio: “${second.title}, healed” price from $${second.priceBand.min} → $300`,
      );
    } else {
      expect(changes).toContain(`Portfolio: “${second.title}, healed” price set to a new value`);
    }
    // Inserting one piece is not a move of every piece after it.
    expect(changes.filter((change) => / moved to position |order changed/.test(change))).toEqual([]);
  });

  it("says which piece moved where, and only that one", () => {
    const after = content();
    const last = after.portfolio.pop();
    if (!last) throw new Error("no pieces");
    after.portfolio.unshift(last);
    expect(describeChanges(seed, after)).toEqual([
      `Portfolio: “${last.title}” moved to position 1 of ${after.portfolio.length}`,
    ]);
    const shuffled = content();
    shuffled.portfolio.reverse();
    expect(describeChanges(seed, shuffled)).toEqual([
      `Portfolio: order changed (${seed.portfolio.length - 1} moved)`,
    ]);
  });

  it("says a new photo, and a piece featured or no longer", () => {
    const after = content();
    const piece = after.portfolio[0];
    if (!piece) throw new Error("no pieces");
    piece.image = { source: "upload", key: "portfolio/new.jpg", width: 800, height: 1000 };
    piece.featured = !piece.featured;
    expect(describeChanges(seed, after)).toEqual([
      `Portfolio: “${piece.title}” new photo`,
      `Portfolio: “${piece.title}” ${piece.featured ? "featured on the home page" : "no longer featured on the home page"}`,
    ]);
  });

  it("says the books opened or closed, and an announcement added or removed by its words", () => {
    const closed = content();
    closed.booking = { booksOpen: false, message: "Back in March." };
    closed.announcement = { text: "Flash day on Friday the 13th" };
    const open = content();
    open.booking = { booksOpen: true };
    open.announcement = null;
    expect(describeChanges(open, closed)).toEqual([
      "Booking: books closed to new requests",
      "Booking: Message on the booking pages set to “Back in March.”",
      "Announcement: added “Flash day on Friday the 13th”",
    ]);
    expect(describeChanges(closed, open)).toEqual([
      "Booking: books opened to new requests",
      "Booking: Message on the booking pages cleared (was “Back in March.”)",
      "Announcement: removed “Flash day on Friday the 13th”",
    ]);
  });

  it("names FAQ questions by their words, on the services page too", () => {
    const after = content();
    after.faq.items.unshift({
      id: "new-faq",
      topic: "General",
      question: "Do you do touch-ups?",
      answer: "Yes.",
    });
    after.faq.servicesPage = [...after.faq.servicesPage.slice(1), "new-faq"];
    const dropped = seed.faq.items.find((item) => item.id === seed.faq.servicesPage[0]);
    expect(describeChanges(seed, after)).toEqual([
      "FAQ: added “Do you do touch-ups?”",
      "FAQ: services page now asks “Do you do touch-ups?”",
      `FAQ: services page no longer asks “${dropped?.question}”`,
    ]);
  });

  it("lists plain lists by what came and went, and shortens long text", () => {
    const after = content();
    after.studio.serviceArea.towns = [...seed.studio.serviceArea.towns.slice(1), "Columbia"];
    after.studio.findingTheStudio.directions = "A".repeat(300);
    const changes = describeChanges(seed, after);
    expect(changes).toContain("Studio facts: Service area towns served: added “Columbia”");
    expect(changes).toContain(
      `Studio facts: Service area towns served: removed “${seed.studio.serviceArea.towns[0]}”`,
    );
    const directions = changes.find((change) => change.includes("Finding the studio directions"));
    expect(directions).toMatch(/→ “A{79}…”$/);
  });

  it("reads an older or unknown shape without failing", () => {
    expect(
      describeChanges({ studio: { name: "Old" }, extra: [1, 2] }, { studio: { name: "New" }, extra: [2, 3] }),
    ).toEqual(["Studio facts: Name “Old” → “New”", "Extra: added 3", "Extra: removed 1"]);
    expect(describeChanges(null, { booking: { booksOpen: true } })).toEqual([
      "Booking: Books open set to yes",
    ]);
  });
});

describe("GET /api/admin/content/versions", () => {
  const studio = studioSession();

  it("gives each version what changed from the one before, the first none", async () => {
    const hours = structuredClone(seed.hours);
    const saturday = hours.weekly[5];
    if (!saturday?.closes) throw new Error("the seed's Saturday is not open");
    const was = clockTime(saturday.closes);
    saturday.closes = "21:00";
    expect((await studio.saveSection("hours", hours)).status).toBe(200);
    expect((await studio.publish()).status).toBe(201);
    expect((await studio.saveSection("booking", { booksOpen: !seed.booking.booksOpen })).status).toBe(200);
    expect((await studio.publish()).status).toBe(201);

    const response = await send("GET", "/api/admin/content/versions", studio.cookie());
    expect(response.status).toBe(200);
    const { items } = (await response.json()) as { items: { version: number; changes: string[] | null }[] };
    expect(items.map((item) => item.version)).toEqual([3, 2, 1]);
    expect(items[0]?.changes).toEqual([
      seed.booking.booksOpen
        ? "Booking: books closed to new requests"
        : "Booking: books opened to new requests",
      ...(seed.booking.message
        ? [`Booking: Message on the booking pages cleared (was “${seed.booking.message}”)`]
        : []),
    ]);
    expect(items[1]?.changes).toEqual([`Hours: Saturday closes at 9 PM (was ${was})`]);
    expect(items[2]?.changes).toBeNull();

    // A page that ends before the first version still compares its oldest with the one before.
    const older = (await (
      await send("GET", "/api/admin/content/versions?before=3&limit=1", studio.cookie())
    ).json()) as {
      items: { version: number; changes: string[] | null }[];
      nextBefore: number | null;
    };
    expect(older.items).toEqual([expect.objectContaining({ version: 2, changes: items[1]?.changes })]);
    expect(older.nextBefore).toBe(2);
  });

  it("refuses a bad page size (400) and is for the artist only (401)", async () => {
    const bad = await send("GET", "/api/admin/content/versions?limit=0", studio.cookie());
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.code).toBe("validation");
    expect((await adminCall("/api/admin/content/versions")).status).toBe(401);
  });

  it("gives an empty page past the first version, and 404 for a version that does not exist", async () => {
    const response = await send("GET", "/api/admin/content/versions?before=1", studio.cookie());
    expect(await response.json()).toEqual({ items: [], nextBefore: null });
    expect((await send("GET", "/api/admin/content/versions/99", studio.cookie())).status).toBe(404);
  });
});
