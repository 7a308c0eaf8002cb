import { type StudioContent, studioContentSchema } from "../schemas/content";
import { aftercareFacts, bookingFacts, openingHours, policies, prices, studio, stylePrices } from "../studio";
import { faq, servicesFaq } from "./faq";
import { findingTheStudio } from "./finding-the-studio";
import { flashDesigns } from "./flash";
import { portfolio } from "./portfolio";
import { testimonials } from "./testimonials";

/**
 * The content the site showed while it lived in typed modules: the seed's first published
 * version (worker/features/content/seed.ts), the build's prerendered fallback pages, and what `vite
 * dev` renders with no server. Parsed by the content schema, so it can only hold what the editor
 * could have saved.
 */
export function contentFromModules(): StudioContent {
  const { themeColor: _design, ...facts } = studio;
  const built = (name: string) => ({ source: "build" as const, name });
  return studioContentSchema.parse({
    studio: { ...facts, findingTheStudio },
    hours: { weekly: openingHours, closures: [] },
    prices: { ...prices, styles: stylePrices },
    policies: { ...policies, booking: bookingFacts, aftercare: aftercareFacts },
    portfolio: portfolio.map((item) => ({ ...item, image: built(item.image) })),
    flash: flashDesigns.map((design) => ({ ...design, image: built(design.image) })),
    testimonials,
    faq: { items: faq, servicesPage: servicesFaq.map((entry) => entry.id) },
    announcement: null,
    booking: { booksOpen: true },
  });
}
