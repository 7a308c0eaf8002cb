/**
 * Page search metadata (shell-and-admin.md 3, "Page search metadata"): description, keywords and
 * social image per page key. Titles live with the route table (shared/routes.ts) because the
 * browser needs them on client-side navigation; this table is read only when the HTML is
 * prerendered, so it never ships in the pages' JavaScript. Missing fields and unknown pages fall
 * back to the home entry.
 */
import type { PageKey } from "./routes";

export interface PageSeo {
  description: string;
  keywords: string;
  /** Path of the 1200x630 social card image. */
  image?: string;
}

export const pageSeo: Record<PageKey, PageSeo> = {
  home: {
    description:
      "Single-artist custom tattoo studio in Laurel, Maryland. Fine-line, realism, traditional and cover-ups, designed one client at a time. Free consultations.",
    keywords:
      "custom tattoo Laurel MD, tattoo artist Maryland, fine-line tattoo, realism tattoo, cover-up tattoo, tattoo studio near College Park",
    image: "/og-image.png",
  },
  about: {
    description:
      "Meet Mara Ellison: 8+ years of custom tattooing in Laurel, Maryland, a private single-artist studio, and a design process built around your story.",
    keywords:
      "Mara Ellison tattoo artist, Laurel MD tattoo artist, custom tattoo designer, private tattoo studio Maryland",
  },
  gallery: {
    description:
      "Browse 46 custom tattoos by Mara Ellison: realism, fine-line, traditional, Japanese, blackwork, memorial pieces and cover-ups.",
    keywords:
      "tattoo portfolio, realism tattoos, fine-line tattoos, Japanese tattoo, memorial tattoo, cover-up examples Laurel MD",
  },
  flash: {
    description:
      "38 ready-to-tattoo flash designs, $150-300: botanicals, animals, celestial, nautical and more. Ask for a free consultation to claim one.",
    keywords: "flash tattoo designs, flash tattoos Maryland, walk-in tattoo Laurel, small tattoo ideas",
  },
  services: {
    description:
      "Transparent tattoo pricing: small $150-300, medium $300-600, large $600+, cover-ups by quote. Booking policies, process and FAQ.",
    keywords:
      "tattoo prices Maryland, tattoo cost, tattoo deposit policy, tattoo consultation, cover-up tattoo price",
  },
  aftercare: {
    description:
      "How to heal your new tattoo: Derm Shield wear, a day-by-day healing timeline, daily care timers, myths and a quick reference.",
    keywords: "tattoo aftercare, Derm Shield, tattoo healing stages, tattoo healing time, new tattoo care",
  },
  reviews: {
    description:
      "What clients say about their custom tattoos at Gilded Needle Tattoo in Laurel, Maryland. Rated 5.0.",
    keywords: "tattoo reviews Laurel MD, best tattoo artist Laurel, Gilded Needle Tattoo reviews",
  },
  contact: {
    description:
      "Call, text or e-mail Gilded Needle Tattoo in Laurel, MD. Walk-ins Thursday to Sunday 12-6 PM; consultations Monday to Wednesday by appointment.",
    keywords: "tattoo studio Laurel MD, tattoo shop hours, walk-in tattoo Laurel, contact tattoo artist",
  },
  "book-consultation": {
    description:
      "Request a free 30-45 minute consultation for your custom tattoo. Tell us your idea and we reply within 24 hours.",
    keywords: "free tattoo consultation, book tattoo appointment, custom tattoo request Laurel MD",
  },
  "privacy-policy": {
    description:
      "How Gilded Needle Tattoo handles your data: session-only personalization, consent choices, retention and your rights.",
    keywords: "privacy policy, Gilded Needle Tattoo",
  },
  "terms-of-service": {
    description:
      "The terms for booking, deposits, pricing, design rights, health and safety, touch-ups and studio conduct at Gilded Needle Tattoo.",
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

/** The metadata for a page key, with the home entry filling what is missing. */
export function seoFor(key: string | undefined): Required<PageSeo> {
  const home = pageSeo.home as Required<PageSeo>;
  const page = key && key in pageSeo ? pageSeo[key as PageKey] : undefined;
  return {
    description: page?.description ?? home.description,
    keywords: page?.keywords || home.keywords,
    image: page?.image ?? home.image,
  };
}
