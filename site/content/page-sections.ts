import { factSections } from "../../shared/content-facts";
import { scriptSafeJson } from "../../shared/json-script";
import type { PaymentSetup } from "../../shared/payment-methods";
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

/**
 * The part of a published version one page renders from, with how the studio takes payment
 * when that is more than cash at the studio (the deposit's words follow it). Left out for cash
 * only, so a page's data is the same file as the build's for the same content.
 */
export function pageContentFor(key: string, content: StudioContent, payment?: PaymentSetup): PageContent {
  const lists = Object.hasOwn(pageSections, key) ? pageSections[key as keyof typeof pageSections] : everyList;
  const picked: Record<string, unknown> = {};
  for (const name of [...factSections, ...lists]) picked[name] = content[name];
  if (payment && (payment.cardDeposits || payment.cardOnFile)) picked.payment = payment;
  return picked as PageContent;
}

/** What of the page's content its islands may read in the browser. */
function browserContentFor(key: string, content: PageContent): PageContent {
  const dropped = Object.hasOwn(serverOnlySections, key)
    ? (serverOnlySections[key as keyof typeof serverOnlySections] ?? [])
    : [];
  // How the studio takes payment shapes only server markup (the deposit's sentence on the
  // services, terms and booking pages), never an island: left out, a page's data file is the
  // same whichever payment setup rendered it. An island that states the deposit needs it back.
  const kept = Object.fromEntries(
    Object.entries(content).filter(([name]) => name !== "payment" && !dropped.includes(name as ListSection)),
  ) as PageContent;
  // The announcement is server markup that no island draws: left out, a page's data stays the
  // same file whether the announcement shows that day or not, and a dated one is not readable
  // before its first day.
  return { ...kept, announcement: null };
}

/**
 * Where a page's islands get the content they hydrate from. A published page names a file
 * (`/page-data/<page>.<hash>.json`, served by the worker, immutable): the browser fetches it only
 * when an island is due, so the page itself stays small enough for its first round trip, and a
 * page without islands carries nothing. The name holds the hash of the data, so a page names
 * the same file whichever version or build rendered it, as long as its data is the same.
 * "inline" puts the data in the page instead (the editor's previews, whose drafts are not
 * published anywhere the worker could find them).
 */
export type PageDataSource = "file" | "inline";

export interface PageData {
  /** The JSON the islands read. */
  json: string;
  /** SHA-256 of the JSON, base64url, 128 bits: part of the file's name, so a file never changes. */
  hash: string;
}

/** The data a page's islands read, from the content it renders (the published version's, visible). */
export async function pageDataFor(key: string, content: PageContent): Promise<PageData> {
  const json = JSON.stringify(browserContentFor(key, content));
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json)));
  const hash = btoa(String.fromCharCode(...digest.subarray(0, 16)))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  return { json, hash };
}

/** The address of a page's data file; the worker's route (worker/features/site-pages/routes.ts) reads it back. */
const pageDataPath = (key: string, hash: string) => `/page-data/${key}.${hash}.json`;

/**
 * The head tag that hands a page's data to its islands: the file's address, or for a preview the
 * data itself as a block that is never run as script (its type), `<` escaped so no text in the
 * content can close the element.
 */
export function pageDataTag(key: string, data: PageData, source: PageDataSource): string {
  if (source === "inline") {
    return `<script type="application/json" id="page-content">${scriptSafeJson(data.json)}</script>`;
  }
  return `<meta name="page-data" content="${pageDataPath(key, data.hash)}" />`;
}
