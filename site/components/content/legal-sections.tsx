import type { ReactNode } from "react";
import type { Facts } from "../../../shared/content-facts";
import type { PageKey } from "../../../shared/routes";
import { useFacts } from "../../content/content-context";
import { PageHero } from "../page-hero";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Numbered legal sections with an optional table of contents linking to their anchors. */
function LegalSections({ sections, toc = false }: { sections: LegalSection[]; toc?: boolean }) {
  return (
    <div className="legal">
      {toc ? (
        <nav className="legal__toc" aria-labelledby="toc-title">
          <h2 id="toc-title">Contents</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <div className="legal__body">
        {sections.map((section, index) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`}>
              {index + 1}. {section.title}
            </h2>
            {section.body}
          </section>
        ))}
      </div>
    </div>
  );
}

/**
 * A legal page: its hero (the eyebrow, and the lines under the heading), its numbered sections,
 * both written from the studio's facts, then what follows them (the privacy page's controls).
 */
export function LegalPage({
  page,
  eyebrow,
  intro,
  sections,
  toc,
  children,
}: {
  page: PageKey;
  eyebrow: string;
  intro: (facts: Facts) => ReactNode;
  sections: (facts: Facts) => LegalSection[];
  toc?: boolean;
  children?: ReactNode;
}) {
  const facts = useFacts();
  return (
    <div className="page page--legal">
      <PageHero page={page} eyebrow={eyebrow}>
        {intro(facts)}
      </PageHero>
      <LegalSections sections={sections(facts)} toc={toc} />
      {children}
    </div>
  );
}
