/**
 * schema.org structured data built from the same content version the page renders from, so it
 * can never disagree with what the page says. The server render writes it into each page's
 * <head>: it is static data, so it stays out of the browser's JavaScript.
 */

import { uploadUrl } from "../../shared/content/upload-images";
import { factsFrom } from "../../shared/content-facts";
import { scriptSafeJson } from "../../shared/json-script";
import { absoluteUrl, breadcrumbsFor, pageByPath } from "../../shared/routes";
import type { StudioContent } from "../../shared/schemas/content";
import { piecesDrawnFirst } from "../features/gallery";

type FaqEntry = StudioContent["faq"]["items"][number];
type PortfolioItem = StudioContent["portfolio"][number];

function tattooParlor(siteUrl: string, content: StudioContent) {
  const { studio, prices, bookingFacts, openingHoursSpecification } = factsFrom(content);
  const { testimonials } = content;
  const average = testimonials.reduce((sum, review) => sum + review.rating, 0) / testimonials.length;
  return {
    "@context": "https://schema.org",
    "@type": "TattooParlor",
    "@id": absoluteUrl(siteUrl, "/#studio"),
    name: studio.name,
    url: absoluteUrl(siteUrl, "/"),
    image: absoluteUrl(siteUrl, "/og-image.png"),
    logo: absoluteUrl(siteUrl, "/favicon.svg"),
    telephone: studio.phone.e164,
    email: studio.email,
    founder: { "@type": "Person", name: studio.artist.name, jobTitle: studio.artist.role },
    address: {
      "@type": "PostalAddress",
      streetAddress: studio.address.street,
      addressLocality: studio.address.locality,
      addressRegion: studio.address.region,
      postalCode: studio.address.postalCode,
      addressCountry: studio.address.country,
    },
    geo: { "@type": "GeoCoordinates", latitude: studio.geo.latitude, longitude: studio.geo.longitude },
    openingHoursSpecification: openingHoursSpecification(),
    areaServed: [
      ...studio.serviceArea.towns.map((town) => ({
        "@type": "City",
        name: `${town}, ${studio.address.region}`,
      })),
      {
        "@type": "GeoCircle",
        geoMidpoint: {
          "@type": "GeoCoordinates",
          latitude: studio.geo.latitude,
          longitude: studio.geo.longitude,
        },
        geoRadius: Math.round(studio.serviceArea.radiusMiles * 1609.344),
      },
    ],
    priceRange: `$${prices.minimumCharge}+`,
    currenciesAccepted: studio.currency,
    paymentAccepted: bookingFacts.paymentMethods.join(", "),
    sameAs: [studio.social.instagram],
    // Only what the site's own testimonials back: the rating and count a visitor can check
    // (none without testimonials: a rating of nothing would be a claim the page cannot back).
    ...(testimonials.length > 0 && {
      aggregateRating: {
        "@type": "AggregateRating",
        ratingValue: average.toFixed(1),
        bestRating: "5",
        worstRating: "1",
        reviewCount: testimonials.length,
      },
    }),
    review: testimonials.slice(0, 3).map((review) => ({
      "@type": "Review",
      author: { "@type": "Person", name: review.name },
      reviewRating: { "@type": "Rating", ratingValue: review.rating, bestRating: 5 },
      reviewBody: review.text,
      datePublished: review.date,
    })),
  };
}

function faqPage(entries: FaqEntry[], fillFacts: (text: string) => string) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: entries.map((entry) => ({
      "@type": "Question",
      name: entry.question,
      acceptedAnswer: { "@type": "Answer", text: fillFacts(entry.answer) },
    })),
  };
}

/**
 * The portfolio as an ImageGallery whose images are addressed gallery#tattoo-id. Each image is
 * the one the gallery's card draws, which it finds by the piece's id.
 */
/** A piece's full image and thumbnail: the build's files, or an uploaded photo's sizes. */
function imageFiles(siteUrl: string, item: PortfolioItem) {
  const { image } = item;
  if (image?.source === "upload") {
    const width = Math.min(800, image.width);
    return {
      contentUrl: absoluteUrl(siteUrl, uploadUrl(image.key, 800, "webp")),
      thumbnailUrl: absoluteUrl(siteUrl, uploadUrl(image.key, 400, "webp")),
      width,
      height: Math.round((width * image.height) / image.width),
    };
  }
  return {
    contentUrl: absoluteUrl(siteUrl, `/tattoo-images/${item.id}-full.webp`),
    thumbnailUrl: absoluteUrl(siteUrl, `/tattoo-images/${item.id}-thumb.webp`),
    width: 800,
    height: 600,
  };
}

// The images the page draws when it loads (its first cards; the rest come as the visitor
// scrolls, or as a list of titles without JavaScript), each with only what search engines use
// for an image and its licence: the artist is one node the images point at, and the piece's
// longer description (read in its dialog) is left to the page. The page's first response must
// fit one round trip of a new connection on a phone; every piece's entry did not.
function portfolioGallery(siteUrl: string, studio: StudioContent["studio"], items: PortfolioItem[]) {
  const galleryUrl = absoluteUrl(siteUrl, "/gallery");
  const artist = { "@id": `${galleryUrl}#artist` };
  return {
    "@context": "https://schema.org",
    "@type": "ImageGallery",
    name: `${studio.name} portfolio`,
    url: galleryUrl,
    author: { ...artist, "@type": "Person", name: studio.artist.name },
    image: items.map((item) => ({
      "@type": "ImageObject",
      "@id": `${galleryUrl}#${item.id}`,
      ...imageFiles(siteUrl, item),
      name: item.title,
      caption: item.alt ?? item.title,
      keywords: item.tags.join(", "),
      dateCreated: item.date,
      creator: artist,
      copyrightHolder: artist,
      creditText: studio.artist.name,
      copyrightNotice: `© ${studio.artist.name}`,
      acquireLicensePage: absoluteUrl(siteUrl, "/copyright"),
    })),
  };
}

/** The breadcrumb trail of a page as BreadcrumbList (none on home, the trail's root). */
function breadcrumbList(path: string, siteUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: breadcrumbsFor(path).map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

/** The questions the services page asks, in its order. */
const servicesFaq = (faq: StudioContent["faq"]): FaqEntry[] =>
  faq.servicesPage.flatMap((id) => faq.items.filter((entry) => entry.id === id));

/** The JSON-LD blocks of the page at `path`, from the content version it renders. */
export function structuredDataFor(path: string, siteUrl: string, content: StudioContent): object[] {
  const page = pageByPath(path);
  if (!page) return [];
  if (page.path === "/") return [tattooParlor(siteUrl, content)];
  const blocks: object[] = [breadcrumbList(page.path, siteUrl)];
  if (page.key === "contact" || page.key === "about" || page.key === "reviews")
    blocks.push(tattooParlor(siteUrl, content));
  if (page.key === "services") blocks.push(faqPage(servicesFaq(content.faq), factsFrom(content).fillFacts));
  if (page.key === "gallery")
    blocks.push(portfolioGallery(siteUrl, content.studio, content.portfolio.slice(0, piecesDrawnFirst)));
  return blocks;
}

/** `<script type="application/ld+json">` tags; `<` is escaped so no text can close them early. */
export function renderJsonLd(blocks: object[]): string[] {
  return blocks.map(
    (block) => `<script type="application/ld+json">${scriptSafeJson(JSON.stringify(block))}</script>`,
  );
}
