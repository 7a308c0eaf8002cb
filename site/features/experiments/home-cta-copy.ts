import { bookingLabelFor, type Facts } from "../../../shared/content-facts";
import type { HomepageCtaVariant } from "../../../shared/experiments";

/**
 * The words of each variant of the homepage_cta_primary test. A variant is a design (the gold
 * one is a gilded panel); its words are written for the visitor and never name the variant.
 * Both buttons say the same thing as every other booking button on the site.
 */
export const homeCtaCopy = ({
  studio,
  booksOpen,
}: Facts): Record<HomepageCtaVariant, { heading: string; body: string; button: string }> => ({
  control: {
    heading: "Ready to start your tattoo?",
    body: booksOpen
      ? `Tell ${studio.artist.firstName} your idea in a free consultation (${studio.claims.consultationMinutes}). Every request gets a reply within ${studio.claims.replyWithin}.`
      : `${studio.artist.firstName}'s books are closed for now. Join the waitlist and we'll e-mail you once, as soon as they open.`,
    button: bookingLabelFor(booksOpen),
  },
  "gold-journey": {
    heading: "A design that exists nowhere else",
    body: booksOpen
      ? "From first sketch to final line, one artist draws it for you alone. It starts with a free consultation."
      : "From first sketch to final line, one artist draws it for you alone. The books are closed for now: join the waitlist to hear when they open.",
    button: bookingLabelFor(booksOpen),
  },
});
