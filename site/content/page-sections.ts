import { factSections } from "../../shared/content-facts";
import type { PageKey } from "../../shared/routes";
import type { StudioContent } from "../../shared/schemas/content";
import type { ListSection, PageContent } from "./content-context";

/**
 * The list sections each page renders, and so carries to the browser for hydration: a page
 * ships only the part of the content it shows (the whole portfolio is 22 KB of JSON, and home
 * shows six pieces of it). The not-found page is keyed "not-found".
 */
const everyList: ListSection[] = ["portfolio", "flash", "testimonials", "faq"];

const pageSections: Record<PageKey | "not-found", readonly ListSection[]> = {
  home: ["portfolio", "testimonials"],
  about: ["testimonials"],
  gallery: ["portfolio"],
  flash: ["flash"],
  services: ["faq", "portfolio"],
  aftercare: ["faq"],
  reviews: ["testimonials"],
  contact: [],
  // "Book this design" attaches a flash design, which the form shows by its title and picture;
  // the portfolio is read on the server only (the price guide's small table goes to the form).
  "book-consultation": ["portfolio", "flash"],
  "privacy-policy": [],
  "terms-of-service": [],
  copyright: [],
  // It states how many pieces the portfolio holds; a utility page, rarely opened.
  "google-index-info": ["portfolio"],
  "not-found": [],
};

/**
 * Lists a page renders on the server that none of its islands reads: they stay out of the data
 * block the browser receives. Home's islands (the greeting, the idea generator) read no list, and
 * its featured pieces and client stories were 30 KB of JSON in every visit's HTML.
 */
const serverOnlySections: Partial<Record<PageKey | "not-found", readonly ListSection[]>> = {
  home: ["portfolio", "testimonials"],
  // The price guide's islands get a small table of figures in their props, not the portfolio.
  services: ["portfolio"],
  "book-consultation": ["portfolio"],
};

/** The part of a published version one page renders from. */
export function pageContentFor(key: string, content: StudioContent): PageContent {
  const lists = Object.hasOwn(pageSections, key) ? pageSections[key as keyof typeof pageSections] : everyList;
  const picked: Record<string, unknown> = {};
  for (const name of [...factSections, ...lists]) picked[name] = content[name];
  return picked as PageContent;
}

/** What of the page's content its islands may read in the browser. */
export function browserContentFor(key: string, content: PageContent): PageContent {
  const dropped = Object.hasOwn(serverOnlySections, key)
    ? (serverOnlySections[key as keyof typeof serverOnlySections] ?? [])
    : [];
  return Object.fromEntries(
    Object.entries(content).filter(([name]) => !dropped.includes(name as ListSection)),
  ) as PageContent;
}

/**
 * The page's content as a data block for the browser. Never run as script (its type), and `<`
 * is escaped so no text in the content can close the element.
 */
export function pageContentScript(content: PageContent): string {
  const json = JSON.stringify(content).replace(/</g, "\\u003c");
  return `<script type="application/json" id="page-content">${json}</script>`;
}

/** Reads the data block the server wrote; null where there is none (`vite dev`). */
export function readPageContent(doc: Document): PageContent | null {
  const text = doc.getElementById("page-content")?.textContent;
  return text ? (JSON.parse(text) as PageContent) : null;
}
