import { env } from "cloudflare:test";
import { render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import { studioContentSchema } from "../../shared/schemas/content";
import { contentFromModules } from "../../worker/features/content/seed";
import { latestPublishedContent } from "../../worker/features/content/service";
import { send } from "./admin-support";
import { type ErrorBody, studioSession } from "./content-support";

const { saveSection, publish } = studioSession();

const today = contentFromModules();
const mainOf = async (path: string, content = today) => {
  const { html } = await render(path, env.SITE_URL, content);
  return html.replaceAll("<!-- -->", "");
};

describe("what the artist hides stays off the site", () => {
  it("leaves a hidden piece out of /gallery and /api/portfolio once published", async () => {
    const [first, ...rest] = today.portfolio;
    if (!first) throw new Error("The seed has no portfolio");
    expect(await mainOf("/gallery")).toContain(first.title);
    expect((await saveSection("portfolio", [{ ...first, hidden: true }, ...rest])).status).toBe(200);
    expect((await publish()).status).toBe(201);
    const live = await latestPublishedContent(env.DB);
    if (!live) throw new Error("Nothing is published");
    expect(await mainOf("/gallery", live.content)).not.toContain(first.title);
    const api = (await (await send("GET", "/api/portfolio", "")).json()) as { items: { id: string }[] };
    expect(api.items.map((item) => item.id)).not.toContain(first.id);
    expect(api.items).toHaveLength(today.portfolio.length - 1);
  });

  it("leaves a hidden testimonial off /reviews and an archived design off /flash, and marks a claimed one", async () => {
    const changed = structuredClone(today);
    const [review] = changed.testimonials;
    const [archived, claimed] = changed.flash;
    if (!review || !archived || !claimed) throw new Error("The seed lacks reviews or flash");
    review.hidden = true;
    archived.status = "archived";
    claimed.status = "claimed";
    claimed.repeatable = false;
    expect(await mainOf("/reviews", changed)).not.toContain(review.text.slice(0, 40));
    const flash = await mainOf("/flash", changed);
    expect(flash).not.toContain(archived.title);
    expect(flash).toContain(claimed.title);
    expect(await mainOf("/reviews")).toContain(review.text.slice(0, 40));
  });
});

describe("publishing asks for what visitors need", () => {
  it("refuses to publish a visible piece without alt text, naming it, and publishes nothing", async () => {
    const [first, ...rest] = today.portfolio;
    if (!first) throw new Error("The seed has no portfolio");
    const { alt: _alt, ...undescribed } = first;
    // A draft may lack the description: a photo is often uploaded first and described later.
    expect((await saveSection("portfolio", [undescribed, ...rest])).status).toBe(200);
    const before = await latestPublishedContent(env.DB);
    const response = await publish();
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields?.["portfolio.0.alt"]).toContain(first.title);
    expect((await latestPublishedContent(env.DB))?.version).toBe(before?.version);
  });

  it("publishes a hidden piece without alt text (nobody sees it)", async () => {
    const [first, ...rest] = today.portfolio;
    if (!first) throw new Error("The seed has no portfolio");
    const { alt: _alt, ...undescribed } = first;
    expect((await saveSection("portfolio", [{ ...undescribed, hidden: true }, ...rest])).status).toBe(200);
    expect((await publish()).status).toBe(201);
  });

  it("refuses a healed photo linked to a piece that does not exist, or to another healed photo", async () => {
    const [fresh, healed, other, ...rest] = today.portfolio;
    if (!fresh || !healed || !other) throw new Error("The seed has too few pieces");
    const missing = await saveSection("portfolio", [
      fresh,
      { ...healed, healed: true, freshPiece: "tattoo-999" },
      other,
      ...rest,
    ]);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as ErrorBody).error.fields?.["data.1.freshPiece"]).toBe(
      "No piece has this id",
    );
    const chained = await saveSection("portfolio", [
      fresh,
      { ...healed, healed: true, freshPiece: fresh.id },
      { ...other, healed: true, freshPiece: healed.id },
      ...rest,
    ]);
    expect(chained.status).toBe(400);
    const linked = await saveSection("portfolio", [
      fresh,
      { ...healed, healed: true, freshPiece: fresh.id },
      other,
      ...rest,
    ]);
    expect(linked.status).toBe(200);
  });
});

describe("versions published before these fields", () => {
  it("read a flash design's old 'available' flag as its status, and show every piece", () => {
    const old = JSON.parse(JSON.stringify(today)) as Record<string, unknown[]>;
    old.flash = (old.flash as Record<string, unknown>[]).map(({ status, repeatable: _r, ...design }, i) => ({
      ...design,
      available: i !== 0 && status === "available",
    }));
    old.portfolio = (old.portfolio as Record<string, unknown>[]).map(
      ({ hidden: _h, healed: _d, ...piece }) => piece,
    );
    const parsed = studioContentSchema.parse(old);
    expect(parsed.flash[0]?.status).toBe("claimed");
    expect(parsed.flash[1]?.status).toBe("available");
    expect(parsed.portfolio.every((piece) => !piece.hidden && !piece.healed)).toBe(true);
  });
});
