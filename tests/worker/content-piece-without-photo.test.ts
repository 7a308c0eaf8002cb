import { env } from "cloudflare:test";
import { render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import { visibleContent } from "../../shared/content/visible";
import { contentFromModules } from "../../worker/features/content/seed";
import { latestPublishedContent } from "../../worker/features/content/service";
import { send } from "./admin-support";
import { type ErrorBody, studioSession } from "./content-support";

// A piece written up before its photo exists: it may be saved and kept hidden, never shown
// without a picture, and publishing a visible one is refused at its photo.

const { saveSection, publish } = studioSession();

const today = contentFromModules();

/** A new piece as the Studio's "Add a piece without a photo" makes it, once she has named it. */
const withoutPhoto = {
  id: "piece-healing-koi",
  title: "Koi sleeve, still healing",
  style: "japanese",
  size: "large" as const,
  duration: "3 sessions",
  status: "in-progress" as const,
  description: "A koi sleeve; the photo follows once it has healed.",
  tags: [],
  date: "2026-11-20",
  featured: false,
  hidden: true,
  healed: false,
};

describe("a portfolio piece without a photo", () => {
  it("saves as a draft and publishes while hidden, and no page shows it", async () => {
    const saved = await saveSection("portfolio", [...today.portfolio, withoutPhoto]);
    expect(saved.status).toBe(200);
    expect((await publish()).status).toBe(201);
    const live = await latestPublishedContent(env.DB);
    expect(live?.content.portfolio.at(-1)).toMatchObject({ id: withoutPhoto.id, hidden: true });
    expect(live?.content.portfolio.at(-1)).not.toHaveProperty("image");
    const { html } = await render("/gallery", env.SITE_URL, visibleContent(live?.content ?? today));
    expect(html).not.toContain(withoutPhoto.title);
    expect(html).not.toContain(`/tattoo-images/${withoutPhoto.id}-`);
    const api = (await (await send("GET", "/api/portfolio", "")).json()) as { items: { id: string }[] };
    expect(api.items.map((item) => item.id)).not.toContain(withoutPhoto.id);
  });

  it("refuses to publish it visible, at its photo and naming it, and publishes nothing", async () => {
    const visible = { ...withoutPhoto, hidden: false, alt: "A koi sleeve in progress" };
    expect((await saveSection("portfolio", [...today.portfolio, visible])).status).toBe(200);
    const before = await latestPublishedContent(env.DB);
    const response = await publish();
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    const index = today.portfolio.length;
    expect(body.error.fields?.[`portfolio.${index}.image`]).toBe(
      `Upload a photo of "${visible.title}" before showing it on the site, or hide it`,
    );
    expect((await latestPublishedContent(env.DB))?.version).toBe(before?.version);
  });

  it("is left out of what visitors see even if a version holds it visible", () => {
    // Only a version written around the API could hold one; the pages must still never draw it.
    const content = structuredClone(today);
    content.portfolio.push({ ...withoutPhoto, hidden: false });
    expect(visibleContent(content).portfolio.map((piece) => piece.id)).not.toContain(withoutPhoto.id);
    expect(visibleContent(content).portfolio).toHaveLength(today.portfolio.length);
  });
});
