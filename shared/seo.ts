/**
 * Page search metadata: description, keywords and social image per page key. Titles live with
 * the route table (shared/routes.ts) because the browser needs them on client-side navigation;
 * this table is read only when a page is rendered on the server, so it never ships in the pages'
 * JavaScript. Missing fields and unknown pages fall back to the home entry.
 */

import { contentFromModules } from "./content/module-content";
import { factsFrom } from "./content-facts";
import type { PageKey } from "./routes";
import type { StudioContent } from "./schemas/content";

export interface PageSeo {
  description: string;
  keywords: string;
  /** Path of the 1200x630 social card image. */
  image?: string;
}

// Every figure below comes from the content version the page renders, so a description can
// never quote a price, an hour or a count that the page itself contradicts.
const pageSeoFrom = (content: StudioContent): Record<PageKey, PageSeo> => {
  const { studio, prices, appointmentDaysLabel, walkInTimes } = factsFrom(content);
  const { artist, address, claims } = studio;
  const town = `${address.locality}, ${address.regionName}`;
  const townShort = `${address.locality} ${address.region}`;
  const nearby = studio.serviceArea.towns[studio.serviceArea.towns.length - 1];
  return {
    home: {
      description: `Single-artist custom tattoo studio in ${town}. Fine-line, realism, traditional and cover-ups, designed one client at a time. Free consultations.`,
      keywords: `custom tattoo ${townShort}, tattoo artist ${address.regionName}, fine-line tattoo, realism tattoo, cover-up tattoo, tattoo studio near ${nearby}`,
      image: "/og-image.png",
    },
    about: {
      description: `Meet ${artist.name}: ${claims.experienceLabel} of custom tattooing in ${town}, a private single-artist studio, and a design process built around your story.`,
      keywords: `${artist.name} tattoo artist, ${townShort} tattoo artist, custom tattoo designer, private tattoo studio ${address.regionName}`,
    },
    gallery: {
      description: `Browse ${content.portfolio.length} custom tattoos by ${artist.name}: realism, fine-line, traditional, Japanese, blackwork, memorial pieces and cover-ups.`,
      keywords: `tattoo portfolio, realism tattoos, fine-line tattoos, Japanese tattoo, memorial tattoo, cover-up examples ${townShort}`,
    },
    flash: {
      description: `${content.flash.length} ready-to-tattoo flash designs, ${prices.flash.range}: botanicals, animals, celestial, nautical and more. Ask for a free consultation to claim one.`,
      keywords: `flash tattoo designs, flash tattoos ${address.regionName}, walk-in tattoo ${address.locality}, small tattoo ideas`,
    },
    services: {
      description: `Transparent tattoo pricing: small ${prices.small.range}, medium ${prices.medium.range}, large ${prices.large.range}, cover-ups ${prices.coverUp.range.toLowerCase()}. Booking policies, process and FAQ.`,
      keywords: `tattoo prices ${address.regionName}, tattoo cost, tattoo deposit policy, tattoo consultation, cover-up tattoo price`,
    },
    aftercare: {
      description:
        "How to heal your new tattoo: Derm Shield wear, a day-by-day healing timeline, daily care timers, myths and a quick reference.",
      keywords: "tattoo aftercare, Derm Shield, tattoo healing stages, tattoo healing time, new tattoo care",
    },
    reviews: {
      description: `What clients say about their custom tattoos at ${studio.name} in ${town}. Rated ${claims.rating.toFixed(1)}.`,
      keywords: `tattoo reviews ${townShort}, best tattoo artist ${address.locality}, ${studio.name} reviews`,
    },
    contact: {
      description: `Call, text or e-mail ${studio.name} in ${address.locality}, ${address.region}. Walk-ins ${walkInTimes}; consultations ${appointmentDaysLabel} by appointment.`,
      keywords: `tattoo studio ${townShort}, tattoo shop hours, walk-in tattoo ${address.locality}, contact tattoo artist`,
    },
    "book-consultation": {
      description: `Request a free ${claims.consultationMinutes.replace(" minutes", " minute")} consultation for your custom tattoo. Tell us your idea and we reply within ${claims.replyWithin}.`,
      keywords: `free tattoo consultation, book tattoo appointment, custom tattoo request ${townShort}`,
    },
    "privacy-policy": {
      description: `How ${studio.name} handles your data: session-only personalization, consent choices, retention and your rights.`,
      keywords: `privacy policy, ${studio.name}`,
    },
    "terms-of-service": {
      description: `The terms for booking, deposits, pricing, design rights, health and safety, touch-ups and studio conduct at ${studio.name}.`,
      keywords: "tattoo terms of service, tattoo deposit, cancellation policy",
    },
    copyright: {
      description:
        "Ownership of the artwork on this site, permitted uses, licensing and how to send a DMCA takedown or counter-notification.",
      keywords: "tattoo copyright, DMCA, artwork licensing",
    },
    "google-index-info": {
      description: "Why some pages of this site are not in search results, and where to go instead.",
      keywords: "indexing, search",
    },
  };
};

/**
 * The metadata for a page key, with the home entry filling what is missing, from the content
 * the page renders (the built-in content when none is given).
 */
export function seoFor(
  key: string | undefined,
  content: StudioContent = contentFromModules(),
): Required<PageSeo> {
  const pageSeo = pageSeoFrom(content);
  const home = pageSeo.home as Required<PageSeo>;
  const page = key && key in pageSeo ? pageSeo[key as PageKey] : undefined;
  return {
    description: page?.description ?? home.description,
    keywords: page?.keywords || home.keywords,
    image: page?.image ?? home.image,
  };
}
