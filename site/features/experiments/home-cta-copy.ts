import type { HomepageCtaVariant } from "../../../shared/experiments";
import { studio } from "../../../shared/studio";

/** The words of each variant of the homepage_cta_primary test. */
export const homeCtaCopy: Record<HomepageCtaVariant, { heading: string; body: string; button: string }> = {
  control: {
    heading: "Ready to start your tattoo?",
    body: `Tell ${studio.artist.firstName} your idea in a free consultation (${studio.claims.consultationMinutes}). Every request gets a reply within ${studio.claims.replyWithin}.`,
    button: "Book a free consultation",
  },
  "gold-journey": {
    heading: "Begin your gold journey",
    body: "From first sketch to final line: one artist, one design that exists nowhere else. It starts with a free consultation.",
    button: "Start my design journey",
  },
};
