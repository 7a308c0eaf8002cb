import type { StudioContent } from "./schemas/content";

/** What a title names: the studio, its town and its artist. */
type TitleFacts = {
  name: string;
  address: Pick<StudioContent["studio"]["address"], "locality" | "region">;
  artist: Pick<StudioContent["studio"]["artist"], "name">;
};

/**
 * Each page's <title>, worded from the studio it names: the route table words them from the
 * seed, the rendered head (site/lib/head.ts) from the published content, so a renamed studio
 * or artist shows in the browser tab and in search results as it does on the page.
 */
export function pageTitle(key: string, studio: TitleFacts): string {
  const town = `${studio.address.locality} ${studio.address.region}`;
  const titles: Record<string, string> = {
    home: `${studio.name} | Custom Tattoo Artist in ${studio.address.locality}, ${studio.address.region}`,
    about: `About ${studio.artist.name} | ${studio.name}, ${town}`,
    gallery: `Tattoo Portfolio | ${studio.name}, ${town}`,
    flash: `Flash Tattoo Designs | ${studio.name}, ${town}`,
    services: `Tattoo Services & Pricing | ${studio.name}, ${town}`,
    aftercare: `Tattoo Aftercare Guide | ${studio.name}`,
    reviews: `Client Reviews | ${studio.name}, ${town}`,
    contact: `Contact | ${studio.name}, ${town}`,
    "book-consultation": `Book a Free Tattoo Consultation | ${studio.name}`,
    "privacy-policy": `Privacy Policy | ${studio.name}`,
    "terms-of-service": `Terms of Service | ${studio.name}`,
    copyright: `Copyright & DMCA | ${studio.name}`,
    "google-index-info": `Why a Page May Not Be Indexed | ${studio.name}`,
  };
  return titles[key] ?? `Page Not Found | ${studio.name}`;
}
