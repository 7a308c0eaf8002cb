import { createContext, type ReactNode, useContext } from "react";
import { type FactSection, type Facts, factsFrom } from "../../shared/content-facts";
import type { PaymentSetup } from "../../shared/payment-methods";
import type { StudioContent } from "../../shared/schemas/content";

/** The sections a page carries beyond the facts, when it reads them (see page-sections.ts). */
export type ListSection = Exclude<keyof StudioContent, FactSection>;

/**
 * What one page renders from: the facts every page carries, and the list sections that page
 * reads. The server renders from the published version; the browser hydrates from the same
 * object, which the server wrote into the page's data file (site/app/page-data.ts), so both render
 * the same markup.
 */
export type PageContent = Pick<StudioContent, FactSection> &
  Partial<Pick<StudioContent, ListSection>> & { payment?: PaymentSetup };

const ContentContext = createContext<PageContent | null>(null);
const derived = new WeakMap<PageContent, Facts>();

export function ContentProvider({ content, children }: { content: PageContent; children: ReactNode }) {
  return <ContentContext value={content}>{children}</ContentContext>;
}

function usePageContent(): PageContent {
  const content = useContext(ContentContext);
  if (!content) throw new Error("No content: render the page inside <ContentProvider>");
  return content;
}

/** The studio's facts (name, phone, hours, prices, policies...) as this page's content states them. */
export function useFacts(): Facts {
  const content = usePageContent();
  let facts = derived.get(content);
  if (!facts) {
    facts = factsFrom(content);
    derived.set(content, facts);
  }
  return facts;
}

/**
 * A list section (portfolio, flash, testimonials, faq). A page only carries the sections
 * page-sections.ts lists for it, so reading another is a mistake caught on the first render.
 */
export function useSection<K extends ListSection>(name: K): StudioContent[K] {
  const section = usePageContent()[name];
  if (section === undefined) {
    throw new Error(`This page does not carry the ${name} section: add it in site/content/page-sections.ts`);
  }
  return section as StudioContent[K];
}
