import type { StudioContent } from "../schemas/content";

/**
 * The content as visitors may see it: hidden pieces and testimonials and archived flash designs
 * left out, so that no page, data block, sitemap entry or API answer can show what the artist
 * took down. Everything that renders for the public starts from this. A piece without its photo
 * cannot be published visible; leaving it out here too means no page can ever draw a picture
 * that does not exist.
 */
export function visibleContent(content: StudioContent): StudioContent {
  return {
    ...content,
    portfolio: content.portfolio.filter((piece) => !piece.hidden && piece.image !== undefined),
    flash: content.flash.filter((design) => design.status !== "archived"),
    testimonials: content.testimonials.filter((review) => !review.hidden),
  };
}
