import { env } from "cloudflare:test";
import { render } from "virtual:site-render";
import { describe, expect, it } from "vitest";
import { contentFromModules } from "../../worker/features/content/seed";

/** The seed content with the first piece's generated artwork replaced by an uploaded photo. */
function withUploadedPhoto() {
  const content = contentFromModules();
  const [first] = content.portfolio;
  if (!first) throw new Error("The seed has no portfolio");
  first.alt = "Fine-line peony on a forearm, healed";
  first.image = {
    source: "upload",
    key: "uploads/0b5e3c1e-5d1a-4a51-9f07-5a4f3d8e2c11",
    width: 3024,
    height: 4032,
    placeholder: "data:image/webp;base64,UklGRjIAAABXRUJQVlA4ICYAAAA=",
  };
  return { content, first };
}

describe("an uploaded photo on the public pages", () => {
  it("draws the piece from /media on /gallery, with its size, alt text and placeholder", async () => {
    const { content, first } = withUploadedPhoto();
    const { html, head } = await render("/gallery", env.SITE_URL, content);
    const media = `/media/${first.image?.source === "upload" ? first.image.key : ""}`;
    const card = html.slice(html.indexOf(`id="${first.id}"`));
    const img = /<img class="art-image__img"[^>]*>/.exec(card)?.[0] ?? "";
    expect(img).toContain(`src="${media}/800.webp"`);
    expect(img).toContain('width="800"');
    expect(img).toContain('height="1067"');
    expect(img).toContain('alt="Fine-line peony on a forearm, healed"');
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(card)?.[0] ?? "";
    expect(picture).toContain(
      `<source type="image/avif" srcSet="${media}/400.avif 400w, ${media}/800.avif 800w, ${media}/1200.avif 1200w"`,
    );
    expect(picture).toContain(`${media}/1200.webp 1200w`);
    expect(card).toContain('src="data:image/webp;base64,UklGRjIAAABXRUJQVlA4ICYAAAA="');
    // The card opens the largest size; the build's generated artwork is gone for this piece.
    expect(card).toContain(`href="${media}/1200.webp"`);
    expect(html).not.toContain(`/tattoo-images/${first.id}-`);
    // The page's lead image preload asks for the same files the card will.
    expect(head).toMatch(
      new RegExp(`<link rel="preload" as="image"[^>]*imagesrcset="${media}/400.avif 400w`),
    );
    // The structured data (after the page's markup) points search engines at the photo, not at
    // the generated artwork.
    const structured = html.slice(html.indexOf('<script type="application/ld+json">'));
    expect(structured).toContain(`"contentUrl":"${env.SITE_URL}${media}/800.webp"`);
  });

  it("describes a narrow photo by its real width, and leaves the other pieces' artwork as it was", async () => {
    const { content, first } = withUploadedPhoto();
    if (first.image?.source !== "upload") throw new Error("unreachable");
    first.image = { ...first.image, width: 640, height: 480 };
    const second = content.portfolio[1];
    const { html } = await render("/gallery", env.SITE_URL, content);
    const media = `/media/${first.image.key}`;
    expect(html).toContain(`${media}/400.webp 400w, ${media}/800.webp 640w"`);
    expect(html).not.toContain(`${media}/1200.webp 1200w`);
    expect(html).toMatch(
      /<img class="art-image__img" src="\/media\/[^"]+\/800.webp" width="640" height="480"/,
    );
    expect(html).toContain(`/tattoo-images/${second?.id}-md.webp`);
  });

  it("stops saying the gallery shows placeholder artwork once every piece has its photo", async () => {
    const note = "each piece below shows placeholder artwork";
    const { content } = withUploadedPhoto();
    expect((await render("/gallery", env.SITE_URL, content)).html).toContain(note);
    const photo = content.portfolio[0]?.image;
    if (!photo) throw new Error("The seed has no portfolio");
    for (const piece of content.portfolio) piece.image = photo;
    expect((await render("/gallery", env.SITE_URL, content)).html).not.toContain(note);
  });
});
